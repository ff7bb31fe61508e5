import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOverscan } from './use-overscan.ts';

describe('a windowed list’s overscan', () => {
  it('is none in the render that mounts the list, and the full count right after', async () => {
    const seen: number[] = [];
    function List() {
      const overscan = useOverscan(10);
      seen.push(overscan);
      return <p>{`overscan ${overscan}`}</p>;
    }
    render(<List />);
    expect(await screen.findByText('overscan 10')).toBeInTheDocument();
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(10);
  });
});
