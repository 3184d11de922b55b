import { useSearchParams } from 'react-router';
import type { AdminAction, AdminActionKind } from '#contract/admin.ts';
import { AdminOnly } from '../../../components/admin-only.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { ACTIONS_PAGE_SIZE, useAdminActions } from '../api/get-admin-actions.ts';
import { AdminNav } from './admin-nav.tsx';
import { Pager } from './pager.tsx';

const DOING: Record<AdminActionKind, string> = {
  'item.create': 'Uploaded an item',
  'item.update': 'Changed an item',
  'item.delete': 'Deleted an item',
  'review.reviewed': 'Published from review',
  'review.redo': 'Sent back for processing',
  'review.delete': 'Deleted from review',
  'app.ads-level': 'Set the Android ad level',
  'order.refund': 'Refunded an order',
  'order.email-again': 'Sent an order email again',
  'coupon.create': 'Made a coupon',
  'banner.create': 'Made a banner',
  'banner.update': 'Changed a banner',
  'banner.delete': 'Deleted a banner',
  'bundle.create': 'Made a bundle',
  'bundle.update': 'Changed a bundle',
  'bundle.delete': 'Deleted a bundle',
  'coupon.update': 'Changed a coupon',
};

/** `{ price: 2.8, published: true }` → `price 2.8 · published yes`. */
function Fields({ fields }: { fields: AdminAction['before'] }) {
  if (!fields) return <span className="admin-log__none">—</span>;
  const shown = (value: unknown) =>
    value === true ? 'yes' : value === false ? 'no' : Array.isArray(value) ? value.join(', ') : JSON.stringify(value);
  return (
    <ul className="admin-log__fields">
      {Object.entries(fields).map(([name, value]) => (
        <li key={name}>
          {name} <strong>{typeof value === 'string' ? value : shown(value)}</strong>
        </li>
      ))}
    </ul>
  );
}

function Activity() {
  usePageMeta('Activity');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const { data, isPending, isError } = useAdminActions(page);
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <section className="section admin-activity">
      <AdminNav />
      <h1 className="page-title">Activity</h1>
      <p className="page-lead">Everything administrators changed, newest first: who, what, when, before and after.</p>
      {isPending ? (
        <p className="page-loading">Loading the activity…</p>
      ) : isError ? (
        <p role="alert">The activity could not be loaded. Please reload the page.</p>
      ) : data.actions.length === 0 ? (
        <p className="empty-state">Nothing has been changed yet.</p>
      ) : (
        <>
          <div className="admin-log__scroll">
            <table className="admin-log">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Before</th>
                  <th scope="col">After</th>
                </tr>
              </thead>
              <tbody>
                {data.actions.map((action) => (
                  <tr key={action.id}>
                    <td>
                      <time dateTime={action.at}>{when.format(new Date(action.at))}</time>
                    </td>
                    <td>{action.actor}</td>
                    <td>
                      {DOING[action.action]}
                      <span className="admin-log__target">{action.target}</span>
                    </td>
                    <td>
                      <Fields fields={action.before} />
                    </td>
                    <td>
                      <Fields fields={action.after} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pages={Math.max(1, Math.ceil(data.total / ACTIONS_PAGE_SIZE))}
            onGo={(to) => setParams({ page: String(to) })}
          />
        </>
      )}
    </section>
  );
}

export const ActivityPage = () => (
  <AdminOnly>
    <Activity />
  </AdminOnly>
);
