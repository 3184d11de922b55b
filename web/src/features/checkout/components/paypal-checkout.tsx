import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';

interface PayPalCheckoutProps {
  clientId: string;
  createOrder: () => Promise<string>;
  onApproved: (paypalOrderId: string) => Promise<void>;
  onError: (message: string) => void;
  disabled: boolean;
}

function Buttons({ createOrder, onApproved, onError, disabled }: Omit<PayPalCheckoutProps, 'clientId'>) {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isRejected)
    return (
      <p className="form__error" role="alert">
        Failed to load the PayPal JS SDK script.
      </p>
    );
  return (
    <>
      {isPending && (
        <p className="page-loading" aria-busy="true">
          Loading PayPal…
        </p>
      )}
      <PayPalButtons
        style={{ layout: 'vertical', shape: 'pill', label: 'pay' }}
        disabled={disabled}
        createOrder={createOrder}
        onApprove={async (data) => onApproved(data.orderID)}
        onError={() => onError('PayPal could not complete the payment. Please try again.')}
      />
    </>
  );
}

/** PayPal's JS SDK (currency USD, buttons only); loaded only on the payment page when PayPal is configured. */
export default function PayPalCheckout({ clientId, ...props }: PayPalCheckoutProps) {
  return (
    <PayPalScriptProvider options={{ clientId, currency: 'USD', components: 'buttons', intent: 'capture' }}>
      <Buttons {...props} />
    </PayPalScriptProvider>
  );
}
