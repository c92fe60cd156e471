// The asset whose details are open, its full record (with additional_informations), the other
// variants of its icon (one click picks the one Insert places), and the choices made before
// inserting it.

import { batch, signal } from "@preact/signals";
import type { Asset } from "../../api/contract/spec-objects";
import type { AssetType, Format } from "../../api/contract/tables";
import { toUiError, type UiError } from "../errors/ui-error";
import { defaultFormat } from "../insert/insert-plan";
import { inSwitchOrder } from "../variants/group-variants";

export interface ItemApi {
  item(
    uuid: string,
    options?: { additionalInformations?: boolean; signal?: AbortSignal },
  ): Promise<{ item: Asset }>;
}

export function createDetailStore(options: { api: () => ItemApi }) {
  /**
   * `weight`: the scale the cell drew the icon's lines at, for a weight its set lacks (Tabler's Bold):
   * the details show and insert it the same way, until another variant is picked.
   */
  const open = signal<{ asset: Asset; type: AssetType; weight?: number } | null>(null);
  const full = signal<Asset | null>(null);
  /** Every variant of the open icon, the open one among them; empty when it has none. */
  const variants = signal<Asset[]>([]);
  const loading = signal(false);
  const error = signal<UiError | null>(null);
  const format = signal<Format>("svg");
  const rasterSize = signal<number | null>(null);
  let controller: AbortController | undefined;

  async function fetchFull(uuid: string) {
    controller?.abort();
    const ctrl = new AbortController();
    controller = ctrl;
    loading.value = true;
    try {
      const answer = await options.api().item(uuid, { additionalInformations: true, signal: ctrl.signal });
      if (!ctrl.signal.aborted) full.value = answer.item;
    } catch (caught) {
      const failure = toUiError(caught);
      if (!ctrl.signal.aborted && failure.reason !== "aborted") error.value = failure;
    } finally {
      if (controller === ctrl) loading.value = false;
    }
  }

  return {
    open,
    full,
    variants,
    loading,
    error,
    format,
    rasterSize,
    show(asset: Asset, type: AssetType, ofIcon: readonly Asset[] = [], weight?: number) {
      batch(() => {
        open.value = weight === undefined ? { asset, type } : { asset, type, weight };
        variants.value = ofIcon.length > 1 ? inSwitchOrder(ofIcon) : [];
        full.value = null;
        error.value = null;
        format.value = defaultFormat(type);
        rasterSize.value = null;
      });
      void fetchFull(asset.uuid);
    },
    /** Another variant of the open icon: what Insert then places, with its own details. */
    pickVariant(asset: Asset) {
      const current = open.peek();
      if (!current || current.asset.uuid === asset.uuid) return;
      batch(() => {
        open.value = { asset, type: current.type };
        full.value = null;
        error.value = null;
      });
      void fetchFull(asset.uuid);
    },
    retry() {
      const current = open.peek();
      if (current) void fetchFull(current.asset.uuid);
    },
    close() {
      controller?.abort();
      batch(() => {
        open.value = null;
        full.value = null;
        variants.value = [];
        loading.value = false;
        error.value = null;
      });
    },
  };
}

export type DetailStore = ReturnType<typeof createDetailStore>;
