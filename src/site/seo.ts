// Structured data for search engines, and the one serialiser that makes it safe inside a <script> element.

/** JSON for a <script type="application/ld+json">: no content can end the element or open a comment. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** schema.org Hotel: only facts the content holds (no rating, price or street address). */
export function hotelJsonLd(o: { name: string; url: string; image: string; description: string; locality: string; country: string; lang: string; rooms?: number }) {
  return {
    "@context": "https://schema.org",
    "@type": "Hotel",
    name: o.name,
    url: o.url,
    image: o.image,
    description: o.description,
    inLanguage: o.lang,
    address: { "@type": "PostalAddress", addressLocality: o.locality, addressCountry: o.country },
    // The hotel's exact room count, when its key facts state one (never a qualified "over 600").
    ...(o.rooms !== undefined && { numberOfRooms: o.rooms }),
  };
}

/** schema.org BreadcrumbList from (name, absolute URL) pairs, first to last. */
export function breadcrumbJsonLd(items: { name: string; url: string }[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, i) => ({ "@type": "ListItem", position: i + 1, name: item.name, item: item.url })),
  };
}

/** schema.org WebSite and Organization for the home pages. */
export function siteJsonLd(o: { siteName: string; url: string; lang: string; email: string; description: string }) {
  return [
    { "@context": "https://schema.org", "@type": "WebSite", name: o.siteName, url: o.url, inLanguage: o.lang, description: o.description },
    { "@context": "https://schema.org", "@type": "Organization", name: o.siteName, url: o.url, email: o.email },
  ];
}
