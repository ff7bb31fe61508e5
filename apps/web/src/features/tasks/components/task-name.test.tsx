import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TaskName } from './task-name.tsx';

describe('TaskName', () => {
  it('renders plain text as text', () => {
    const { container } = render(<TaskName name="Buy milk <b>now</b>" />);
    expect(container.textContent).toBe('Buy milk <b>now</b>');
    expect(container.querySelector('b')).toBeNull();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('turns http, https and mailto addresses into links opening in a new tab', () => {
    render(<TaskName name="Read http://a.io, https://b.io/x and mailto:ada@example.com." />);
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'http://a.io/',
      'https://b.io/x',
      'mailto:ada@example.com',
    ]);
    for (const link of links) {
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[2]?.textContent).toBe('mailto:ada@example.com');
    expect(links[0]?.parentElement?.textContent).toBe(
      'Read http://a.io, https://b.io/x and mailto:ada@example.com.',
    );
  });

  it('cuts link text at 27 characters plus an ellipsis, keeping the full address', () => {
    const url = 'https://example.com/a/very/long/path?with=query';
    render(<TaskName name={`See ${url}`} />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('https://example.com/a/very/…');
    expect(link.textContent).toHaveLength(28);
    expect(link.getAttribute('href')).toBe(url);
  });

  it('keeps a 27-character address whole', () => {
    render(<TaskName name="https://example.com/abcdefg" />);
    expect(screen.getByRole('link').textContent).toBe('https://example.com/abcdefg');
  });

  it('leaves javascript:, data: and other schemes as text', () => {
    const { container } = render(
      <TaskName name="javascript:alert(1) data:text/html,<script>x</script> ftp://x.io" />,
    );
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container.textContent).toBe(
      'javascript:alert(1) data:text/html,<script>x</script> ftp://x.io',
    );
  });
});
