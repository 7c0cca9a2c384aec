// Every Book button: an outbound affiliate link in a new tab with the right rel, and the short disclosure
// beside it that the FTC asks for.
import type { BookLink, Placement } from "../../src/site/pages";
import { T } from "./T";
import { Phrases } from "./Phrases";

// `placement` says where the button sits, so its URL carries its own tracking label.
export function BookButton<P extends Placement>({ link, placement, newTab, note, size = "regular", className }: { link: BookLink<P>; placement: P; newTab: string; note?: string; size?: "regular" | "large" | "small"; className?: string }) {
  return (
    <span className={["book", className].filter(Boolean).join(" ")}>
      <a className={`button button--${size}`} href={link.hrefs[placement]} target="_blank" rel={link.rel} data-book>
        <Phrases>{link.label}</Phrases>
        <span className="visually-hidden"> (<T>{newTab}</T>)</span>
      </a>
      {note && <small className="book__note"><T>{note}</T></small>}
    </span>
  );
}
