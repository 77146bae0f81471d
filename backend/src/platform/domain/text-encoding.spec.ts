import { decodeCp949 } from './cp949.js';
import { decodeCsvBytes } from './text-encoding.js';

// CP949 bytes below are hard-coded from the published code table (checked against Python's cp949 codec).
const bytes = (...values: number[]) => Uint8Array.from(values);
const KIM_MIN_JUN = [0xb1, 0xe8, 0xb9, 0xce, 0xc1, 0xd8]; // 김민준
const HONG_GIL_DONG = [0xc8, 0xab, 0xb1, 0xe6, 0xb5, 0xbf]; // 홍길동
const NAME_COMMA_PHONE = [0xc0, 0xcc, 0xb8, 0xa7, 0x2c, 0xc0, 0xfc, 0xc8, 0xad, 0xb9, 0xf8, 0xc8, 0xa3]; // 이름,전화번호

describe('decodeCsvBytes', () => {
  it('reads plain UTF-8', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('이름,전화번호\n김민준,010'))).toEqual({
      text: '이름,전화번호\n김민준,010',
      encoding: 'utf-8',
      suspicious: false,
    });
  });

  it('strips the BOM Excel writes before UTF-8', () => {
    // EF BB BF, then 이름 (EC 9D B4 EB A6 84)
    expect(decodeCsvBytes(bytes(0xef, 0xbb, 0xbf, 0xec, 0x9d, 0xb4, 0xeb, 0xa6, 0x84, 0x2c, 0x41))).toEqual({
      text: '이름,A',
      encoding: 'utf-8-bom',
      suspicious: false,
    });
  });

  it('reads UTF-16LE with a BOM (Excel "Unicode text")', () => {
    // FF FE, then 김민준 as little-endian units AE40 BBFC C900, a tab and 'A'
    expect(decodeCsvBytes(bytes(0xff, 0xfe, 0x40, 0xae, 0xfc, 0xbb, 0x00, 0xc9, 0x09, 0x00, 0x41, 0x00))).toEqual({
      text: '김민준\tA',
      encoding: 'utf-16le',
      suspicious: false,
    });
  });

  it('falls back to CP949 for bytes that are not UTF-8 (Korean Excel CSV)', () => {
    const file = bytes(
      ...NAME_COMMA_PHONE,
      0x0d,
      0x0a,
      ...KIM_MIN_JUN,
      0x2c,
      0x30,
      0x31,
      0x30,
      0x0d,
      0x0a,
      ...HONG_GIL_DONG,
    );
    expect(decodeCsvBytes(file)).toEqual({
      text: '이름,전화번호\r\n김민준,010\r\n홍길동',
      encoding: 'cp949',
      suspicious: false,
    });
  });

  it('decodes the syllables only CP949 has, beyond the 2,350 of KS X 1001', () => {
    // 똠 8C63, 얌 BEE4 (KS X 1001), 꿍 B2E1 (KS X 1001), 햏 C164, 뷁 94EE, 쓩 BEB1 (KS X 1001)
    const file = bytes(0x8c, 0x63, 0xbe, 0xe4, 0xb2, 0xe1, 0x2c, 0xc1, 0x64, 0x2c, 0x94, 0xee, 0x2c, 0xbe, 0xb1);
    expect(decodeCsvBytes(file)).toEqual({ text: '똠얌꿍,햏,뷁,쓩', encoding: 'cp949', suspicious: false });
  });

  it('maps both ends of the CP949 extension and the symbols added to KS X 1001', () => {
    expect(decodeCp949(bytes(0x81, 0x41))).toBe('갂'); // first extension syllable
    expect(decodeCp949(bytes(0xa0, 0xfe))).toBe('좤'); // last pair of the long rows
    expect(decodeCp949(bytes(0xa1, 0x41))).toBe('좥'); // first pair of the short rows
    expect(decodeCp949(bytes(0xa1, 0xa0))).toBe('줎');
    expect(decodeCp949(bytes(0xc6, 0x52))).toBe('힣'); // last syllable of all
    expect(decodeCp949(bytes(0xc8, 0xfe))).toBe('힝'); // last KS X 1001 syllable
    expect(decodeCp949(bytes(0xa2, 0xe6, 0xa2, 0xe7))).toBe('€®');
    expect(decodeCp949(bytes(0xa1, 0xa1))).toBe('\u3000');
  });

  it('marks undecodable bytes as suspicious but still returns the best reading', () => {
    // 0x80 and 0xFF are never lead bytes; C653 is past the end of the extension, and its 53 is an 'S'
    const result = decodeCsvBytes(bytes(...KIM_MIN_JUN, 0x2c, 0x80, 0x2c, 0xc6, 0x53, 0x2c, 0xff));
    expect(result).toEqual({ text: '김민준,\uFFFD,\uFFFDS,\uFFFD', encoding: 'cp949', suspicious: true });
  });

  it('does not let a broken pair swallow the comma after it', () => {
    expect(decodeCp949(bytes(0xb1, 0x2c, 0x41))).toBe('\uFFFD,A');
    expect(decodeCp949(bytes(0x41, 0xb1))).toBe('A\uFFFD'); // lead byte cut off at the end
  });

  it('flags a UTF-8 file that already carries replacement characters', () => {
    expect(decodeCsvBytes(new TextEncoder().encode('김\uFFFD준')).suspicious).toBe(true);
  });

  it('reads an empty file as empty UTF-8', () => {
    expect(decodeCsvBytes(new Uint8Array(0))).toEqual({ text: '', encoding: 'utf-8', suspicious: false });
  });
});
