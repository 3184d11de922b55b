import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/render-page.tsx';
import type { ReviewAction } from '../api/review-action.ts';
import { useReviewActions } from './use-review-actions.ts';

const ENTRY = { id: '6650f0c2a1b2c3d4e5f60718', published: true };

function actionsFor(entry = ENTRY) {
  const done: ReviewAction[] = [];
  const { result } = renderHook(() => useReviewActions(entry, (action) => done.push(action)));
  return { result, done };
}

afterEach(() => vi.unstubAllGlobals());

describe('the review actions', () => {
  it('warn that deleting a wallpaper on sale takes it out of the store, and do nothing when declined', async () => {
    const questions: string[] = [];
    vi.stubGlobal('confirm', (question: string) => (questions.push(question), false));
    const calls = fakeApi({});
    const { result, done } = actionsFor();

    await act(() => result.current.run('delete'));

    expect(questions[0]).toMatch(/^This wallpaper is on sale in the store: deleting it takes it out of the store\./);
    expect(questions[0]).toContain('Delete this item?');
    expect(calls).toEqual([]);
    expect(done).toEqual([]);
  });

  it('run once confirmed and report the action done', async () => {
    vi.stubGlobal('confirm', () => true);
    const calls = fakeApi({
      [`PATCH /api/items/waiting/redo/${ENTRY.id}`]: { success: true, message: 'Item has been reset for processing' },
    });
    const { result, done } = actionsFor({ ...ENTRY, published: false });

    await act(() => result.current.run('redo'));

    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([`PATCH /api/items/waiting/redo/${ENTRY.id}`]);
    expect(done).toEqual(['redo']);
    expect(result.current.busy).toBe(false);
  });

  it("show the server's refusal beside the entry and leave it as it was", async () => {
    fakeApi({
      [`PATCH /api/items/waiting/reviewed/${ENTRY.id}`]: {
        success: false,
        message: 'Cannot mark as reviewed: itemId or itemUrl is missing.',
      },
    });
    const { result, done } = actionsFor();

    await act(() => result.current.run('reviewed'));

    expect(result.current.inline).toBe('Cannot mark as reviewed: itemId or itemUrl is missing.');
    expect(done).toEqual([]);
  });
});
