// Images always carry width, height and alt (no layout shift); only the hero is eager.
import type { ImageView } from "../../src/site/pages";

export function Img({ image, className, hero = false, sizes }: { image: ImageView; className?: string; hero?: boolean; sizes?: string }) {
  return (
    <img
      className={className}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
      sizes={sizes}
      loading={hero ? "eager" : "lazy"}
      decoding={hero ? "sync" : "async"}
      fetchPriority={hero ? "high" : undefined}
    />
  );
}
