import { describeCoupon, type Coupon, type CreateCouponBody } from '#contract/coupons.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { CouponRow, CouponsRepository } from '../../db/repositories/coupons.repository.ts';
import type { Executor, RunInTransaction } from '../../db/repositories/transactions.ts';
import { DomainError } from '../../shared/errors.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';

export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid.',
  expired: 'This coupon has expired.',
  usedUp: 'This coupon has been used up.',
  usedByYou: 'You have already used this coupon.',
  notApplicable: 'This coupon does not apply to these wallpapers.',
};

/** A line to price: its item, price and tags (a coupon may be for some tags only). */
export interface PricedLine {
  itemId: string;
  priceCents: number;
  tags: string[];
}

export interface CouponPrice {
  coupon?: CouponRow | undefined;
  /** What the coupon takes off, in words ('20% off your order'). */
  description?: string | undefined;
  /** Each line's share of the discount, by itemId. */
  discounts: Map<string, number>;
  discountCents: number;
}

/**
 * What a coupon takes off these lines: a percentage (rounded to the cent) or an amount, of the
 * lines it applies to, never more than they cost; shared out over those lines in proportion to
 * their prices, so refunding one line gives back what was paid for it.
 */
export function discountOf(coupon: Pick<CouponRow, 'kind' | 'value' | 'itemIds' | 'tags'>, lines: PricedLine[]) {
  const applies = (line: PricedLine) =>
    (!coupon.itemIds && !coupon.tags) ||
    coupon.itemIds?.includes(line.itemId) ||
    line.tags.some((tag) => coupon.tags?.includes(tag));
  const eligible = lines.filter(applies);
  const base = eligible.reduce((sum, line) => sum + line.priceCents, 0);
  const total = Math.min(base, coupon.kind === 'percent' ? Math.round((base * coupon.value) / 100) : coupon.value);
  const discounts = new Map<string, number>();
  let given = 0;
  eligible.forEach((line, index) => {
    const share =
      index === eligible.length - 1 ? total - given : Math.floor((total * line.priceCents) / Math.max(base, 1));
    discounts.set(line.itemId, share);
    given += share;
  });
  return { eligible: eligible.length, discountCents: total, discounts };
}

interface CouponsDependencies {
  coupons: CouponsRepository;
  inTransaction: RunInTransaction;
  adminLog: AdminLogService;
}

/** Coupons: the owner makes and ends them; checkout prices orders with them and takes their uses (decision 042). */
export class CouponsService {
  private readonly deps: CouponsDependencies;

  constructor(deps: CouponsDependencies) {
    this.deps = deps;
  }

  async list(): Promise<Coupon[]> {
    return (await this.deps.coupons.list()).map((row) => view(row, row.uses));
  }

  async create(actor: Actor, body: CreateCouponBody): Promise<Coupon> {
    const value = body.kind === 'amount' ? dollarsToCents(body.value) : Math.round(body.value);
    return this.deps.inTransaction(async (tx) => {
      const row = await this.deps.coupons.insert(
        {
          code: body.code,
          kind: body.kind,
          value,
          expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
          maxUses: body.maxUses,
          maxUsesPerCustomer: body.maxUsesPerCustomer,
          itemIds: body.itemIds,
          tags: body.tags,
        },
        tx,
      );
      if (!row) throw new DomainError('conflict', `There is a coupon ${body.code} already.`);
      const coupon = view(row, 0);
      await this.deps.adminLog.record(
        actor,
        { action: 'coupon.create', target: row.code, after: { discount: describeCoupon(coupon) } },
        tx,
      );
      return coupon;
    });
  }

  async setActive(actor: Actor, couponId: string, active: boolean): Promise<Coupon> {
    return this.deps.inTransaction(async (tx) => {
      const row = await this.deps.coupons.setActive(couponId, active, tx);
      if (!row) throw new DomainError('not-found', 'There is no such coupon.');
      await this.deps.adminLog.record(
        actor,
        { action: 'coupon.update', target: row.code, before: { active: !active }, after: { active } },
        tx,
      );
      return view(row, 0);
    });
  }

  /**
   * Prices lines with `code` for a shopper, refusing a code that is unknown, ended, expired, used
   * up (by everyone, or by this shopper) or for none of these wallpapers. No code, no discount.
   */
  async price(code: string | undefined, lines: PricedLine[], userId: string): Promise<CouponPrice> {
    if (!code) return { discounts: new Map(), discountCents: 0 };
    const coupon = await this.deps.coupons.byCode(code);
    if (!coupon?.active) throw new DomainError('invalid', COUPON_MESSAGES.unknown);
    if (coupon.expiresAt && coupon.expiresAt <= new Date()) throw new DomainError('invalid', COUPON_MESSAGES.expired);
    const refusal = await this.deps.inTransaction(async (tx) => this.refusal(coupon, userId, undefined, tx));
    if (refusal) throw new DomainError('conflict', refusal);
    const { eligible, discounts, discountCents } = discountOf(coupon, lines);
    if (!eligible) throw new DomainError('invalid', COUPON_MESSAGES.notApplicable);
    return { coupon, description: describeCoupon(view(coupon, 0)), discounts, discountCents };
  }

  /**
   * Within the capture claim's transaction: why the coupon has no use left for this order, if it
   * has none. The coupon's row stays locked until the claim commits, so N uses hold however many
   * shoppers pay at once.
   */
  async useRefusal(order: { id: string; userId: string; couponId: string }, tx: Executor) {
    const coupon = (await this.deps.coupons.byId(order.couponId, tx))!;
    if (coupon.expiresAt && coupon.expiresAt <= new Date()) return COUPON_MESSAGES.expired;
    return this.refusal(coupon, order.userId, order.id, tx);
  }

  private async refusal(coupon: CouponRow, userId: string, exceptOrderId: string | undefined, tx: Executor) {
    const uses = await this.deps.coupons.lockAndCountUses(coupon.id, userId, exceptOrderId, tx);
    if (coupon.maxUses !== null && uses.total >= coupon.maxUses) return COUPON_MESSAGES.usedUp;
    if (coupon.maxUsesPerCustomer !== null && uses.byCustomer >= coupon.maxUsesPerCustomer)
      return COUPON_MESSAGES.usedByYou;
    return undefined;
  }
}

function view(row: CouponRow, uses: number): Coupon {
  return {
    couponId: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'amount' ? centsToDollars(row.value) : row.value,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    itemIds: row.itemIds,
    tags: row.tags,
    active: row.active,
    uses,
    createdAt: row.createdAt.toISOString(),
  };
}
