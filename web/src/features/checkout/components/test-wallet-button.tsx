import { useState } from 'react';

/** The local stand-in for PayPal's button: the same create → approve → capture, no money moves. */
export function TestWalletButton({ onPay, disabled }: { onPay: () => Promise<void>; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  return (
    <div className="test-wallet">
      <p className="test-wallet__label">Test payment — no money moves</p>
      <button
        type="button"
        className="button button--wide test-wallet__button"
        disabled={disabled || busy}
        onClick={async () => {
          setBusy(true);
          try {
            await onPay();
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? 'Paying…' : 'Pay with the test wallet'}
      </button>
    </div>
  );
}
