/**
 * Decodes an uploaded CSV file's bytes: UTF-8 when the bytes are valid UTF-8 (a BOM is dropped), otherwise
 * Windows-1251 (the usual export of Russian and Ukrainian HR systems). Valid UTF-8 in a Cyrillic Windows-1251
 * file is practically impossible (its letters are bytes 0xC0–0xFF, which UTF-8 never uses alone), so the
 * strict decode decides robustly.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}
