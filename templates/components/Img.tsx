// A responsive image: <picture> with AVIF and WebP sources and a JPEG <img> that always carries width, height
// and alt (no layout shift). The hero is eager, high priority and preloaded; every other image is lazy. Its
// focal point becomes two classes (focus.css turns them into object-position: the CSP allows no style
// attributes), and a hero shows phones the art-directed crop around that point.
import { preload } from "react-dom";
import type { ImageView } from "../../src/site/pages";
import { useLangOf } from "./T";

/** The media query of the wider screens, where the whole image shows (the complement of the crop's). */
const wide = (cropMedia: string) => `not all and ${cropMedia}`;

/** Classes that place the focal point (focus.css): fx-0 ... fx-100 and fy-0 ... fy-100, in steps of 5. */
export function focusClasses(image: ImageView): string | undefined {
  const f = image.focus;
  return f && (f.x !== 50 || f.y !== 50) ? `fx-${f.x} fy-${f.y}` : undefined;
}

/**
 * Which side of a hero its text panel takes (hero.css): the side away from the focal point, so the landmark stays
 * clear of the text. Physical, not start/end: a picture does not mirror in right-to-left languages.
 */
export function panelSide(image: ImageView): string {
  return (image.focus?.x ?? 50) < 50 ? "hero--panel-right" : "hero--panel-left";
}

export function Img({ image, className, hero = false, crop = false, sizes = "100vw" }: { image: ImageView; className?: string; hero?: boolean; crop?: boolean; sizes?: string }) {
  const crops = crop ? (image.crops ?? []) : [];
  const sources = [...crops, ...(image.sources ?? [])];
  const altLang = useLangOf(image.alt || undefined);
  if (hero) {
    // React puts these <link rel="preload"> in <head>; browsers that cannot decode the type skip them. With a
    // phone crop, each screen preloads only the file it shows.
    const best = image.sources?.[0] ?? (image.srcset ? { type: "", srcset: image.srcset } : undefined);
    const cropped = crops[0];
    if (cropped?.media) {
      preload(cropped.srcset.split(" ")[0], { as: "image", fetchPriority: "high", imageSrcSet: cropped.srcset, imageSizes: sizes, type: cropped.type, media: cropped.media });
    }
    preload(image.src, {
      as: "image",
      fetchPriority: "high",
      imageSrcSet: best?.srcset,
      imageSizes: best ? sizes : undefined,
      type: best?.type || undefined,
      media: cropped?.media ? wide(cropped.media) : undefined,
    });
  }
  const classes = [className, focusClasses(image)].filter(Boolean).join(" ") || undefined;
  const img = (
    <img
      className={classes}
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
        <source key={`${s.media ?? ""} ${s.type}`} type={s.type} srcSet={s.srcset} sizes={sizes} media={s.media} />
      ))}
      {img}
    </picture>
  );
}
