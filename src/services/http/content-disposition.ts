/**
 * File name of a `Content-Disposition` header. RFC 5987/6266 `filename*=charset''percent-encoded` wins
 * over `filename=`; dvadmin sends `attachment;filename=<urlencoded>.xlsx`, so the plain form is
 * URL-decoded too. Path parts are stripped. Undefined when there is none.
 */
export function fileNameFromContentDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (extended?.[1]) {
    const value = unquote(extended[1].trim());
    const match = /^([\w!#$%&+^`{}~-]*)'[\w-]*'(.*)$/.exec(value);
    const name = decode(match ? (match[2] ?? '') : value, match?.[1]);
    if (name) return baseName(name);
  }
  const plain = /(?:^|;)\s*filename\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/i.exec(header);
  if (plain?.[1]) {
    const name = decode(unquote(plain[1].trim()));
    if (name) return baseName(name);
  }
  return undefined;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

function decode(value: string, charset?: string): string {
  if (charset && /^iso-8859-1$/i.test(charset)) {
    return value.replace(/%([0-9a-f]{2})/gi, (_, hex: string) =>
      String.fromCharCode(Number.parseInt(hex, 16)),
    );
  }
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function baseName(name: string): string {
  const parts = name.split(/[\\/]/);
  return (parts[parts.length - 1] ?? '').trim();
}
