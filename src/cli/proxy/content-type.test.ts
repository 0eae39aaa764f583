import { describe, expect, it } from 'vitest';
import { detectContentType, typeByExtension } from './content-type';

describe('the Content-Type Go\'s FileServer gives a file', () => {
  it('takes the extension from Go\'s built-in table, then lower-cased, else none', () => {
    expect(typeByExtension('index.html')).toBe('text/html; charset=utf-8');
    expect(typeByExtension('STYLE.CSS')).toBe('text/css; charset=utf-8');
    expect(typeByExtension('app.mjs')).toBe('text/javascript; charset=utf-8');
    expect(typeByExtension('notes.txt')).toBeUndefined();
    expect(typeByExtension('Makefile')).toBeUndefined();
  });

  it('sniffs the rest as http.DetectContentType does', () => {
    const sniff = (s: string | number[]) => detectContentType(typeof s === 'string' ? Buffer.from(s, 'latin1') : Buffer.from(s));
    expect(sniff('  \n<!DOCTYPE html><p>')).toBe('text/html; charset=utf-8');
    expect(sniff('<p>x')).toBe('text/html; charset=utf-8');
    // A tag must end with a space or '>': "<pre" is no HTML signature.
    expect(sniff('<pre>')).toBe('text/plain; charset=utf-8');
    expect(sniff('<?xml version="1.0"?>')).toBe('text/xml; charset=utf-8');
    expect(sniff('%PDF-1.4')).toBe('application/pdf');
    expect(sniff('GIF89a..')).toBe('image/gif');
    expect(sniff([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])).toBe('image/png');
    expect(sniff([0x1f, 0x8b, 0x08, 0])).toBe('application/x-gzip');
    expect(sniff('RIFF\x00\x00\x00\x00WEBPVP8 ')).toBe('image/webp');
    expect(sniff('plain words\twith tabs\r\n')).toBe('text/plain; charset=utf-8');
    expect(sniff([104, 105, 0, 1])).toBe('application/octet-stream');
    expect(sniff('')).toBe('text/plain; charset=utf-8');
  });
});
