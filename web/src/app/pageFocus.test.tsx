import { useEffect, useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePageFocus } from './pageFocus';

/** A page at `path` whose heading comes after `delay` ms (its chunk, its data); it may focus a field itself. */
function Page({ path, delay = 0, autoFocus = false }: { path: string; delay?: number; autoFocus?: boolean }) {
  usePageFocus(path);
  const [ready, setReady] = useState(delay === 0);
  useEffect(() => {
    if (delay === 0) return undefined;
    const id = setTimeout(() => setReady(true), delay);
    return () => clearTimeout(id);
  }, [delay]);
  return (
    <>
      <nav>
        <a href="#next">Next page</a>
      </nav>
      <main>
        {ready && <h1>{path}</h1>}
        {autoFocus && <input aria-label="Search" autoFocus />}
      </main>
    </>
  );
}

describe('usePageFocus', () => {
  it('leaves the first page of a visit alone, then moves the focus to the next page’s heading', async () => {
    const { rerender } = render(<Page path="/one" />);
    expect(document.body).toHaveFocus();
    screen.getByRole('link', { name: 'Next page' }).focus();
    rerender(<Page path="/two" delay={50} />);
    await waitFor(() => expect(screen.getByRole('heading', { name: '/two' })).toHaveFocus());
    expect(screen.getByRole('heading', { name: '/two' })).toHaveAttribute('tabindex', '-1');
  });

  it('keeps the focus where the new page put it', async () => {
    const { rerender } = render(<Page path="/one" />);
    rerender(<Page path="/two" autoFocus />);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByRole('textbox', { name: 'Search' })).toHaveFocus();
  });
});
