/** @jest-environment jsdom */
import './spec-dom.ts';
import assert from 'node:assert/strict';
import { afterEach, describe, it } from '@jest/globals';
import { cleanup, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Pagination } from './pagination.tsx';

describe('Pagination', () => {
  afterEach(cleanup);

  it('is a named navigation; the current page is aria-current, far pages collapse to …; prev/next and a page button change the page from the keyboard', async () => {
    const user = userEvent.setup();
    const pages: number[] = [];
    render(<Pagination page={5} pageSize={10} total={100} onChange={(p) => pages.push(p)} />);
    const nav = screen.getByRole('navigation', { name: 'pagination' });
    assert.match(nav.textContent ?? '', /Shown 41–50 of 100/);
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    assert.deepEqual(buttons, ['Previous', '1', '4', '5', '6', '10', 'Next']);
    assert.equal(screen.getByRole('button', { name: '5' }).getAttribute('aria-current'), 'page');
    assert.equal(screen.getByRole('button', { name: '4' }).hasAttribute('aria-current'), false);
    await user.tab();
    assert.ok(document.activeElement === screen.getByRole('button', { name: 'Previous' }));
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard(' ');
    screen.getByRole('button', { name: 'Next' }).focus();
    await user.keyboard('{Enter}');
    assert.deepEqual(pages, [4, 1, 6]);
  });

  it('disables Previous on the first page and Next on the last', () => {
    const { rerender } = render(<Pagination page={1} pageSize={10} total={25} onChange={() => undefined} />);
    assert.equal(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled'), true);
    assert.equal(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled'), false);
    rerender(<Pagination page={3} pageSize={10} total={25} onChange={() => undefined} />);
    assert.equal(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled'), true);
    assert.match(screen.getByRole('navigation').textContent ?? '', /Shown 21–25 of 25/);
  });
});
