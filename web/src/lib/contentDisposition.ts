/**
 * File name from a Content-Disposition header. Prefers RFC 5987 `filename*=UTF-8''…`
 * (percent-decoded), then a plain or quoted `filename=`; gives `fallback` when neither is usable.
 */
export function fileNameFromDisposition(header: string | null | undefined, fallback = 'download'): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const m = /^([\w-]+)'[^']*'(.*)$/.exec(value);
    const encoded = m ? m[2] : value;
    try {
      const name = decodeURIComponent(encoded);
      if (name) return name;
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (plain) {
    const name = (plain[2] ?? plain[1]).trim().replace(/\\(.)/g, '$1');
    if (name) return name;
  }
  return fallback;
}
