import { itemPagePath } from '#contract/item-url.ts';
import { formatUsd } from '#contract/money.ts';
import type { PurchasedItem } from '#contract/orders.ts';
import type { MailMessage } from '../../providers/email/mailer.ts';
import { escapeHtml } from '#contract/text.ts';

/** What an email says; the sender adds its purpose id. */
type MailContent = Omit<MailMessage, 'id'>;

const BUTTON_STYLE =
  'display:inline-block;background:#17141f;color:#ffffff;text-decoration:none;font-weight:700;padding:12px 24px;border-radius:999px';

/** The email's one button, with its link written out for clients that hide buttons. */
function actionButton(action: { url: string; label: string }): string {
  const url = escapeHtml(action.url);
  return [
    `<p style="padding:12px 0"><a href="${url}" style="${BUTTON_STYLE}">${escapeHtml(action.label)}</a></p>`,
    `<p style="font-size:13px;color:#524c63">Or open this link: <a href="${url}" style="color:#524c63">${url}</a></p>`,
  ].join('');
}

/** One layout for every email: a heading, paragraphs, one button, and the same in plain text. */
function layout(
  storeName: string,
  to: string,
  subject: string,
  parts: {
    greeting: string;
    paragraphs: string[];
    list?: { text: string; html: string };
    action?: { label: string; url: string };
    footer: string;
  },
): MailContent {
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.list ? [parts.list.text, ''] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    parts.footer,
    '',
    `— ${storeName}`,
  ].join('\n');
  const html = `<!doctype html><html><body style="margin:0;background:#faf8f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#17141f">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border-radius:16px;padding:32px">
<tr><td style="font-size:20px;font-weight:800;color:#a3307c;padding-bottom:16px">${escapeHtml(storeName)}</td></tr>
<tr><td style="font-size:16px;line-height:1.55"><p>${escapeHtml(parts.greeting)}</p>${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${parts.list?.html ?? ''}
${parts.action ? actionButton(parts.action) : ''}
<p style="font-size:13px;color:#524c63">${escapeHtml(parts.footer)}</p></td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html };
}

export function verificationEmail(storeName: string, to: string, firstName: string, link: string): MailContent {
  return layout(storeName, to, `Verify your email for ${storeName}`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Welcome to ${storeName}! Please confirm that this is your email address. The link works once, for 24 hours.`,
    ],
    action: { label: 'Verify my email', url: link },
    footer: 'If you did not create an account, you can ignore this email.',
  });
}

export function passwordResetEmail(storeName: string, to: string, firstName: string, link: string): MailContent {
  return layout(storeName, to, `Reset your ${storeName} password`, {
    greeting: `Hi ${firstName},`,
    paragraphs: ['Someone asked to reset the password of your account. The link works once, for one hour.'],
    action: { label: 'Choose a new password', url: link },
    footer: 'If it was not you, ignore this email: your password stays as it is.',
  });
}

/** The order email: the transaction id, every item with its page and a download link per file, and the total. */
export function orderEmail(
  storeName: string,
  to: string,
  firstName: string,
  transactionId: string,
  items: PurchasedItem[],
  totalPrice: number,
  publicUrl: string,
): MailContent {
  const page = (item: PurchasedItem) => `${publicUrl}${itemPagePath(item)}`;
  const text = items
    .map((item) =>
      [
        `${item.name} — ${formatUsd(item.price)} (${page(item)})`,
        ...item.downloads.map((d) => `  ${d.name} (${d.dimensions}): ${d.link}`),
      ].join('\n'),
    )
    .concat(`Total: ${formatUsd(totalPrice)} (USD, tax 0)`)
    .join('\n');
  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:10px 0;border-top:1px solid #e7e2da"><a href="${escapeHtml(page(item))}" style="color:#17141f;font-weight:800">${escapeHtml(item.name)}</a> — ${escapeHtml(formatUsd(item.price))}<br>${item.downloads
          .map(
            (d) =>
              `<a href="${escapeHtml(d.link)}" style="color:#a3307c;font-weight:700">Download ${escapeHtml(d.name)}</a> <span style="color:#524c63">(${escapeHtml(d.dimensions)})</span>`,
          )
          .join('<br>')}</td></tr>`,
    )
    .join('');
  const html = `<table role="presentation" width="100%" style="margin:8px 0 16px">${rows}<tr><td style="padding:10px 0;border-top:1px solid #e7e2da;font-weight:800">Total: ${escapeHtml(formatUsd(totalPrice))} (USD)</td></tr></table>`;
  return layout(storeName, to, `Your ${storeName} wallpapers (order ${transactionId})`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      `Thank you for your order ${transactionId}. Your wallpapers are ready: each link below downloads one file and works for 7 days.`,
    ],
    list: { text, html },
    action: { label: 'Your purchases, any time', url: `${publicUrl}/account` },
    footer:
      'After 7 days, download them again from your account page. These are digital goods; nothing will be shipped.',
  });
}

/** Items an order paid for although the buyer already owned them: their price went back. */
/**
 * What was refunded and why: `owned` when the buyer paid for wallpapers they already owned (they
 * keep them), `store` when the store refunded them (their links stop working).
 */
export function refundEmail(
  storeName: string,
  to: string,
  firstName: string,
  items: { name: string; price: number }[],
  publicUrl: string,
  reason: 'owned' | 'store',
): MailContent {
  const total = items.reduce((sum, item) => sum + item.price, 0);
  const list = items.map((item) => `${item.name} — ${formatUsd(item.price)}`);
  const some = items.length === 1 ? 'a wallpaper' : 'some wallpapers';
  return layout(storeName, to, `${storeName}: a refund of ${formatUsd(total)}`, {
    greeting: `Hi ${firstName},`,
    paragraphs: [
      reason === 'owned'
        ? `You already owned ${some} of your last order, so we refunded ${formatUsd(total)} to your payment method. You keep every wallpaper you own.`
        : `We refunded ${formatUsd(total)} for ${some} of your order to your payment method. The refunded wallpapers' download links no longer work.`,
    ],
    list: { text: list.join('\n'), html: `<ul>${list.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>` },
    action: { label: 'Your purchases', url: `${publicUrl}/account` },
    footer: 'Refunds can take a few days to show on your statement.',
  });
}
