import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { byteLength, bytesToText, escapedByte, textToBytes } from './byte-string';

describe('byte strings', () => {
  it('reads valid UTF-8 as its text, and writes it back as the same bytes', () => {
    const text = 'plain — ünïcode 😀\n';
    expect(bytesToText(Buffer.from(text))).toBe(text);
    expect(textToBytes(text)).toEqual(Buffer.from(text));
    expect(byteLength(text)).toBe(Buffer.byteLength(text));
  });

  it('escapes each byte outside a valid sequence, keeping the valid text around it', () => {
    const bytes = Buffer.from([0x61, 0xff, 0xc3, 0xa9, 0xc3, 0x62, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0xaf]);
    const text = bytesToText(bytes);
    expect(text).toBe(`a${escapedByte(0xff)}é${escapedByte(0xc3)}b${[0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80, 0xc0, 0xaf].map(escapedByte).join('')}`);
    expect(textToBytes(text)).toEqual(bytes);
    expect(byteLength(text)).toBe(bytes.length);
  });

  it('round-trips random bytes, and survives JSON', () => {
    for (let i = 0; i < 50; i++) {
      const bytes = randomBytes(1 + i * 37);
      const text = bytesToText(bytes);
      expect(textToBytes(text)).toEqual(bytes);
      expect(textToBytes(JSON.parse(JSON.stringify(text)) as string)).toEqual(bytes);
    }
  });

  it('keeps a surrogate pair whose low half falls in the escape range as its character', () => {
    const text = '\u{1F480}'; // D83D DC80
    expect(textToBytes(text)).toEqual(Buffer.from(text));
    expect(textToBytes(`${text}${escapedByte(0x80)}`)).toEqual(Buffer.concat([Buffer.from(text), Buffer.from([0x80])]));
  });
});
