// Windows-949 (CP949, Unified Hangul Code): the code page of Korean Windows and Excel. Decoding for uploaded
// files; what a text message can carry is the rules package's (message-bytes).

/**
 * Decodes windows-949 (Unified Hangul Code) as WHATWG's euc-kr does. Node's own 'euc-kr' decoder (ICU)
 * knows only KS X 1001, so the 8,822 syllables CP949 adds (똠, 햏, 뷁...) would come out as garbage.
 */
export function decodeCp949(bytes: Uint8Array): string {
  const table = cp949Table();
  const out = new Uint16Array(bytes.length);
  let n = 0;
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      out[n++] = lead;
      i++;
      continue;
    }
    if (lead === 0x80 || lead === 0xff || i + 1 >= bytes.length) {
      out[n++] = 0xfffd;
      i++;
      continue;
    }
    const trail = bytes[i + 1];
    const code = trail >= 0x41 && trail <= 0xfe ? table[(lead - 0x81) * 190 + (trail - 0x41)] : 0;
    if (code) {
      out[n++] = code;
      i += 2;
    } else {
      out[n++] = 0xfffd;
      // An ASCII byte after a bad lead byte is its own character (WHATWG): a broken pair must not eat a comma.
      i += trail < 0x80 ? 1 : 2;
    }
  }
  return utf16(out.subarray(0, n));
}

function utf16(units: Uint16Array): string {
  return new TextDecoder('utf-16le').decode(new Uint8Array(units.buffer, units.byteOffset, units.byteLength));
}

let table: Uint16Array | null = null;

/** Code unit by pointer ((lead - 0x81) * 190 + trail - 0x41), 0 where unmapped. Built once, on first use. */
function cp949Table(): Uint16Array {
  if (table) return table;
  const built = new Uint16Array(126 * 190);

  // KS X 1001 (lead and trail A1-FE) from the platform's decoder, one pair per line so each maps alone.
  const pairs = new Uint8Array(94 * 94 * 3);
  let p = 0;
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      pairs[p++] = lead;
      pairs[p++] = trail;
      pairs[p++] = 0x0a;
    }
  }
  const decoded = new TextDecoder('euc-kr').decode(pairs).split('\n');
  const inKsX1001 = new Set<number>();
  let k = 0;
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      const char = decoded[k++] ?? '';
      const code = char.length === 1 ? char.charCodeAt(0) : 0;
      // Unmapped pairs come back as U+FFFD, the user-defined rows as private-use characters: both are holes.
      if (code && code !== 0xfffd && !(code >= 0xe000 && code <= 0xf8ff)) {
        built[(lead - 0x81) * 190 + (trail - 0x41)] = code;
        if (code >= 0xac00 && code <= 0xd7a3) inKsX1001.add(code);
      }
    }
  }
  // Later additions to KS X 1001 that ICU's table lacks.
  built[(0xa2 - 0x81) * 190 + (0xe6 - 0x41)] = 0x20ac; // €
  built[(0xa2 - 0x81) * 190 + (0xe7 - 0x41)] = 0x00ae; // ®
  built[(0xa2 - 0x81) * 190 + (0xe8 - 0x41)] = 0x327e; // ㉾

  // The extension: every other modern syllable, in code point order, over leads 81-C6 and the trails
  // 41-5A, 61-7A, 81-FE (only up to A0 once the lead reaches A1, where KS X 1001 takes over).
  let syllable = 0xac00;
  const nextSyllable = (): number => {
    while (syllable <= 0xd7a3 && inKsX1001.has(syllable)) syllable++;
    return syllable <= 0xd7a3 ? syllable++ : 0;
  };
  for (let lead = 0x81; lead <= 0xc6; lead++) {
    for (let trail = 0x41; trail <= (lead < 0xa1 ? 0xfe : 0xa0); trail++) {
      if ((trail > 0x5a && trail < 0x61) || (trail > 0x7a && trail < 0x81)) continue;
      const code = nextSyllable();
      if (!code) break;
      built[(lead - 0x81) * 190 + (trail - 0x41)] = code;
    }
  }
  table = built;
  return table;
}
