import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh-after-change.ts';

describe('refreshAfterChange', () => {
  it('shows what the server holds after the change, not a read that started before it', async () => {
    const queryClient = new QueryClient();
    let stored = 'unpublished';
    // Each read answers, a moment later, what the server held when it was asked.
    const observer = new QueryObserver(queryClient, {
      queryKey: ['admin-items', 'state=unpublished'],
      queryFn: () => {
        const seen = stored;
        return new Promise<string>((resolve) => setTimeout(() => resolve(seen), 50));
      },
    });
    // A list read for the first time: its answer is still on its way when the change is made.
    const unsubscribe = observer.subscribe(() => {});
    stored = 'published';
    await refreshAfterChange(queryClient, ['admin-items']);
    expect(observer.getCurrentResult().data).toBe('published');
    unsubscribe();
  });
});
