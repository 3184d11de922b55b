import {
  BUNDLE_MESSAGES,
  type AdminBundle,
  type Bundle,
  type BundleFields,
  type UpdateBundleBody,
} from '#contract/bundles.ts';
import { centsToDollars, dollarsToCents } from '#contract/money.ts';
import type { BundleChange, BundlesRepository, BundleWithItems } from '../../db/repositories/bundles.repository.ts';
import type { Executor, RunInTransaction } from '../../db/repositories/transactions.ts';
import { DomainError } from '../../shared/errors.ts';
import type { Actor, AdminLogService } from '../platform/admin-log.service.ts';
import type { CatalogueService } from './catalogue.service.ts';
import { toPublicItem, type ItemLinks } from './item-view.ts';

/** Whether a bundle can be bought now: published, and every item in it published too. */
const isOnSale = (bundle: BundleWithItems) => bundle.published && bundle.items.every((item) => item.published);

/**
 * Bundles (decision 045): a named set of paid wallpapers at one price, with its own page and
 * card. Checkout prices an order for one from `forSale`; the owner makes and changes them here.
 */
export class BundlesService {
  private readonly deps: {
    bundles: BundlesRepository;
    inTransaction: RunInTransaction;
    adminLog: Pick<AdminLogService, 'record'>;
    links: ItemLinks;
    /** The pages showing bundles are kept per catalogue version: a change moves it on. */
    catalogue: Pick<CatalogueService, 'changed'>;
  };

  constructor(deps: BundlesService['deps']) {
    this.deps = deps;
  }

  /** The bundles for sale, newest first, as the home page's cards show them. */
  async onSale(): Promise<Bundle[]> {
    return (await this.deps.bundles.onSale()).map((bundle) => this.view(bundle));
  }

  /** A bundle's page; not found unless it is for sale. */
  async get(bundleId: string): Promise<Bundle> {
    return this.view(await this.forSale(bundleId));
  }

  /** The bundle for sale with this id, if there is one. */
  async find(bundleId: string): Promise<Bundle | undefined> {
    const bundle = await this.deps.bundles.byId(bundleId);
    return bundle && isOnSale(bundle) ? this.view(bundle) : undefined;
  }

  /** The bundle with its items' rows, for checkout to price; refused unless it is for sale. */
  async forSale(bundleId: string): Promise<BundleWithItems> {
    const bundle = await this.deps.bundles.byId(bundleId);
    if (!bundle || !isOnSale(bundle)) throw new DomainError('not-found', BUNDLE_MESSAGES.notForSale);
    return bundle;
  }

  /** The names of these bundles, by id (an order's lines name the bundle they came in). */
  namesOf(bundleIds: string[]): Promise<Map<string, string>> {
    return this.deps.bundles.names(bundleIds);
  }

  /** The published bundles holding an item: it can't be deleted while they are. */
  publishedHolding(itemId: string): Promise<string[]> {
    return this.deps.bundles.publishedHolding(itemId);
  }

  async list(): Promise<AdminBundle[]> {
    return (await this.deps.bundles.list()).map((bundle) => this.adminView(bundle, bundle.sold));
  }

  async create(actor: Actor, body: BundleFields): Promise<AdminBundle> {
    const fields = { description: '', published: false, ...body };
    const bundle = await this.deps.inTransaction(async (tx) => {
      await this.checkItems(fields.itemIds, tx);
      const row = await this.deps.bundles.insert(
        {
          name: fields.name,
          description: fields.description,
          priceCents: dollarsToCents(fields.price),
          published: fields.published,
        },
        fields.itemIds,
        tx,
      );
      await this.deps.adminLog.record(
        actor,
        { action: 'bundle.create', target: `bundle ${row.id}`, after: fields },
        tx,
      );
      return (await this.deps.bundles.byId(row.id, tx))!;
    });
    await this.deps.catalogue.changed();
    return this.adminView(bundle, 0);
  }

  async update(actor: Actor, bundleId: string, body: UpdateBundleBody): Promise<AdminBundle> {
    const after = await this.deps.inTransaction(async (tx) => {
      const before = await this.deps.bundles.byId(bundleId, tx);
      if (!before) throw new DomainError('not-found', BUNDLE_MESSAGES.notFound);
      if (body.itemIds) await this.checkItems(body.itemIds, tx);
      const { price, itemIds, ...rest } = body;
      const change: BundleChange = { ...rest, ...(price !== undefined && { priceCents: dollarsToCents(price) }) };
      await this.deps.bundles.update(bundleId, change, itemIds, tx);
      const fields = Object.keys(body) as (keyof UpdateBundleBody)[];
      await this.deps.adminLog.record(
        actor,
        {
          action: 'bundle.update',
          target: `bundle ${bundleId}`,
          before: loggedFields(before, fields),
          after: body,
        },
        tx,
      );
      return (await this.deps.bundles.byId(bundleId, tx))!;
    });
    await this.deps.catalogue.changed();
    return this.adminView(after, await this.deps.bundles.sold(bundleId));
  }

  /** Deletes a bundle never ordered; one that was is kept for its orders (unpublishing hides it). */
  async remove(actor: Actor, bundleId: string): Promise<void> {
    await this.deps.inTransaction(async (tx) => {
      const bundle = await this.deps.bundles.byId(bundleId, tx);
      if (!bundle) throw new DomainError('not-found', BUNDLE_MESSAGES.notFound);
      if (await this.deps.bundles.ordered(bundleId, tx)) throw new DomainError('conflict', BUNDLE_MESSAGES.soldStays);
      await this.deps.bundles.remove(bundleId, tx);
      await this.deps.adminLog.record(
        actor,
        { action: 'bundle.delete', target: `bundle ${bundleId}`, before: loggedFields(bundle, ['name', 'price']) },
        tx,
      );
    });
    await this.deps.catalogue.changed();
  }

  /** A bundle holds existing paid wallpapers only; they are held until the bundle is written. */
  private async checkItems(itemIds: string[], tx: Executor): Promise<void> {
    const rows = new Map((await this.deps.bundles.itemsHeld(itemIds, tx)).map((row) => [row.itemId, row]));
    const missing = itemIds.filter((id) => !rows.has(id));
    if (missing.length) throw new DomainError('invalid', `These wallpapers do not exist: ${missing.join(', ')}`);
    const free = itemIds.filter((id) => rows.get(id)!.freeDownload);
    if (free.length)
      throw new DomainError(
        'invalid',
        `${BUNDLE_MESSAGES.freeInside}: ${free.map((id) => rows.get(id)!.name).join(', ')}`,
      );
  }

  private view(bundle: BundleWithItems): Bundle {
    return {
      bundleId: bundle.id,
      name: bundle.name,
      description: bundle.description,
      price: centsToDollars(bundle.priceCents),
      worth: centsToDollars(bundle.items.reduce((sum, item) => sum + item.priceCents, 0)),
      items: bundle.items.map((item) => toPublicItem(item, this.deps.links)),
    };
  }

  private adminView(bundle: BundleWithItems, sold: number): AdminBundle {
    return { ...this.view(bundle), published: bundle.published, onSale: isOnSale(bundle), sold };
  }
}

/** The logged values of a bundle's fields, in the shape the owner sends them. */
function loggedFields(bundle: BundleWithItems, fields: string[]): Record<string, unknown> {
  const values: Record<string, unknown> = {
    name: bundle.name,
    description: bundle.description,
    price: centsToDollars(bundle.priceCents),
    itemIds: bundle.items.map((item) => item.itemId),
    published: bundle.published,
  };
  return Object.fromEntries(fields.map((field) => [field, values[field]]));
}
