// Works out how an uploaded text file was encoded. Korean Excel saves "CSV" in CP949 (windows-949), newer
// Excel in UTF-8 with a BOM, "Unicode text" in UTF-16LE with a BOM; other tools write plain UTF-8.
import { decodeCp949 } from './cp949.js';

export type CsvEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'cp949';

export interface DecodedText {
  text: string;
  encoding: CsvEncoding;
  /** The text holds U+FFFD: some bytes could not be decoded, or the file was already damaged. */
  suspicious: boolean;
}

export function decodeCsvBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return result(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes.subarray(3)), 'utf-8-bom');
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return result(new TextDecoder('utf-16le', { ignoreBOM: true }).decode(bytes.subarray(2)), 'utf-16le');
  }
  try {
    return result(new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes), 'utf-8');
  } catch {
    // Not UTF-8: Korean Windows' ANSI code page is the likely one.
    return result(decodeCp949(bytes), 'cp949');
  }
}

function result(text: string, encoding: CsvEncoding): DecodedText {
  return { text, encoding, suspicious: text.includes('\uFFFD') };
}
