// A responsive image: <picture> with AVIF and WebP sources and a JPEG <img> that always carries width, height
// and alt (no layout shift). The hero is eager, high priority and preloaded; every other image is lazy.
import { preload } from "react-dom";
import type { ImageView } from "../../src/site/pages";
import { useLangOf } from "./T";

export function Img({ image, className, hero = false, sizes = "100vw" }: { image: ImageView; className?: string; hero?: boolean; sizes?: string }) {
  const sources = image.sources ?? [];
  const altLang = useLangOf(image.alt || undefined);
  // React puts this <link rel="preload"> in <head>; browsers that cannot decode the type skip it.
  const best = sources[0] ?? (image.srcset ? { type: "", srcset: image.srcset } : undefined);
  if (hero) {
    preload(image.src, { as: "image", fetchPriority: "high", imageSrcSet: best?.srcset, imageSizes: best ? sizes : undefined, type: best?.type || undefined });
  }
  const img = (
    <img
      className={className}
      src={image.src}
      srcSet={image.srcset}
      sizes={image.srcset ? sizes : undefined}
      width={image.width}
      height={image.height}
      alt={image.alt}
      {...altLang}
      loading={hero ? "eager" : "lazy"}
      decoding={hero ? "sync" : "async"}
      fetchPriority={hero ? "high" : undefined}
    />
  );
  if (!sources.length) return img;
  return (
    <picture>
      {sources.map((s) => (
        <source key={s.type} type={s.type} srcSet={s.srcset} sizes={sizes} />
      ))}
      {img}
    </picture>
  );
}
