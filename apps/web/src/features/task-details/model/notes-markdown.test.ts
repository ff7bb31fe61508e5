import { describe, expect, it } from 'vitest';
import { notesToHtml } from './notes-markdown.ts';

describe('notes as markdown (issue 31)', () => {
  it('renders bold, italic, lists and links, links opening in a new tab', () => {
    const html = notesToHtml('Buy **white** and *blue*\n\n- [shop](https://example.com)\n- brush');
    expect(html).toContain('<strong>white</strong>');
    expect(html).toContain('<em>blue</em>');
    expect(html).toContain(
      '<li><a href="https://example.com" target="_blank" rel="noopener noreferrer">shop</a></li>',
    );
    expect(html).toContain('<li>brush</li>');
  });

  it('keeps the text of raw HTML and markdown beyond the subset, never the HTML', () => {
    const html = notesToHtml(
      '<img src=x onerror="alert(1)"><script>alert(2)</script># Title\n<b onclick="x()">hi</b>',
    );
    expect(html).not.toMatch(/<img|<script|onerror|onclick|<h1|<b>/);
    expect(html).toContain('Title');
    expect(html).toContain('hi');
  });

  it('drops links that are not to the web or to mail', () => {
    const html = notesToHtml('[a](javascript:alert(1)) [b](data:text/html,x) [c](mailto:a@b.co)');
    expect(html).not.toMatch(/javascript:|data:/);
    expect(html).toContain('href="mailto:a@b.co"');
  });
});
