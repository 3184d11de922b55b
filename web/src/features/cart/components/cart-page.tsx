import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '#contract/constants.ts';
import { formatUsd } from '#contract/money.ts';
import { Icon } from '../../../components/ui/icons.tsx';
import { usePageMeta } from '../../../lib/use-page-meta.ts';
import { paymentValue } from '../../../lib/payment-value.ts';
import { useUser } from '../../../lib/user-store.ts';
import { cartActions, useCart } from '../../../lib/cart-store.ts';
import { ItemLine } from '../../../components/catalogue/item-line.tsx';
import { sendToLogin } from '../../../lib/login-first.ts';

export function CartPage() {
  usePageMeta('Your cart');
  const cart = useCart();
  const user = useUser();
  const navigate = useNavigate();

  const checkout = () => {
    paymentValue.set(cart.totalPrice);
    if (!user) sendToLogin(navigate, '/payment');
    else navigate('/payment');
  };

  if (cart.items.length === 0) {
    return (
      <section className="section cart-page cart-page--empty">
        <h1 className="page-title">{MESSAGES.cartEmpty}</h1>
        <p>Find something you love and it will wait for you here.</p>
        <Link className="button" to="/">
          Browse wallpapers
        </Link>
      </section>
    );
  }

  return (
    <section className="section cart-page">
      <h1 className="page-title">Your cart</h1>
      <div className="cart-page__layout">
        <ul className="cart-lines" aria-label="Items in your cart">
          {cart.items.map(({ myItem }) => (
            <ItemLine
              key={myItem.itemId}
              item={myItem}
              details={<p className="cart-line__tags">{myItem.tags.join(' · ')}</p>}
              price={formatUsd(myItem.price)}
            >
              <button
                type="button"
                className="button button--ghost button--small"
                onClick={() => cartActions.remove(myItem.itemId)}
                aria-label={`Remove ${myItem.name}`}
              >
                <Icon name="trash" size={16} /> Remove
              </button>
            </ItemLine>
          ))}
        </ul>
        <aside className="cart-summary" aria-label="Summary">
          <dl>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatUsd(cart.totalPrice)}</dd>
            </div>
            <div className="cart-summary__total">
              <dt>Total (USD)</dt>
              <dd data-testid="cart-total">{formatUsd(cart.totalPrice)}</dd>
            </div>
          </dl>
          <button type="button" className="button button--wide" onClick={checkout}>
            CHECKOUT
          </button>
          <button type="button" className="link-button" onClick={() => cartActions.empty()}>
            Empty cart
          </button>
        </aside>
      </div>
    </section>
  );
}
