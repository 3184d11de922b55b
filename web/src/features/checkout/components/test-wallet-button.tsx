/** The local stand-in for PayPal's button: the same create → approve → capture, no money moves. */
export function TestWalletButton({
  onPay,
  paying,
  disabled,
}: {
  onPay: () => void;
  paying: boolean;
  disabled: boolean;
}) {
  return (
    <div className="test-wallet">
      <p className="test-wallet__label">Test payment — no money moves</p>
      <button
        type="button"
        className="button button--wide test-wallet__button"
        disabled={disabled || paying}
        onClick={onPay}
      >
        {paying ? 'Paying…' : 'Pay with the test wallet'}
      </button>
    </div>
  );
}
