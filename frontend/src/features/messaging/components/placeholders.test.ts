import { describe, expect, it } from 'vitest';
import { applyPlaceholders, PLACEHOLDERS } from './placeholders.ts';

const KIM = { name: '김민지', definition1: '배우', definition2: '서울', definition3: '11/20 오디션' };

describe('applyPlaceholders', () => {
  it('puts the name and the three definitions in place of their placeholders', () => {
    expect(applyPlaceholders('{{Name}}님, {{Definition1}} / {{Definition2}} / {{Definition3}}', KIM)).toBe(
      '김민지님, 배우 / 서울 / 11/20 오디션',
    );
  });

  it('replaces every occurrence and tolerates spaces inside the braces', () => {
    expect(applyPlaceholders('{{Name}} {{ Name }} {{Name}}', KIM)).toBe('김민지 김민지 김민지');
  });

  it('leaves unknown placeholders and other case as typed', () => {
    expect(applyPlaceholders('{{name}} {{Definition4}} {{Phone}} {Name}', KIM)).toBe(
      '{{name}} {{Definition4}} {{Phone}} {Name}',
    );
  });

  it('uses an empty value for a missing field', () => {
    expect(applyPlaceholders('[{{Name}}][{{Definition3}}]', { name: '이수민' })).toBe('[이수민][]');
  });

  it('does not read placeholders inside the values it inserts', () => {
    expect(applyPlaceholders('{{Name}}', { name: '{{Definition1}}', definition1: 'x' })).toBe('{{Definition1}}');
  });
});

describe('the insert buttons', () => {
  it('are Name and Definition1 to Definition3, in the spec’s order', () => {
    expect(PLACEHOLDERS.map((placeholder) => placeholder.token)).toEqual([
      '{{Name}}',
      '{{Definition1}}',
      '{{Definition2}}',
      '{{Definition3}}',
    ]);
  });
});
