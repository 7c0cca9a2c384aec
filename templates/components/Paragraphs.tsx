// Prose fields arrive as a list of paragraphs.
import { T } from "./T";
export function Paragraphs({ items, className }: { items: string[]; className?: string }) {
  return (
    <>
      {items.map((p, i) => (
        <p key={i} className={className}>
          <T>{p}</T>
        </p>
      ))}
    </>
  );
}
