// Accounts: the operator's LOCAL_API_ACCOUNTS file (shape in the README) or the built-in demo
// account. Every field but the credentials has a default, so a short file still loads.

import { readFileSync } from "node:fs";
import * as v from "valibot";
import { ASSET_TYPES } from "../../api/contract/tables";

const Switches = v.object({ converter: v.optional(v.boolean(), true), ai: v.optional(v.boolean(), true) });

const ClientSchema = v.object({
  client_id: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  client_secret: v.pipe(v.string(), v.minLength(1), v.maxLength(256)),
  subscription: v.optional(v.boolean(), true),
  covers: v.optional(v.array(v.picklist(ASSET_TYPES)), () => [...ASSET_TYPES]),
  capabilities: v.optional(Switches, {}),
  app_enabled: v.optional(Switches, {}),
  has_owner: v.optional(v.boolean(), true),
  plan: v.optional(v.string(), "local"),
  credits: v.optional(
    v.object({
      allowance: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 1000),
      spend_ceiling: v.optional(v.boolean(), false),
    }),
    {},
  ),
  rate_limits: v.optional(
    v.object({
      reads_per_minute: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 600),
      writes_per_minute: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 120),
    }),
    {},
  ),
  max_upload_kb: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 5120),
  created_at: v.optional(v.pipe(v.string(), v.isoDate()), "2026-01-01"),
});

export const AccountsFileSchema = v.object({ clients: v.pipe(v.array(ClientSchema), v.minLength(1)) });

/** What the operator writes (fields optional). */
export type AccountsFile = v.InferInput<typeof AccountsFileSchema>;
/** One account with every default applied. */
export type Account = v.InferOutput<typeof ClientSchema>;

export const DEMO_ACCOUNTS: AccountsFile = {
  clients: [
    {
      client_id: "local-demo",
      client_secret: "local-demo-secret",
      plan: "local-demo",
      credits: { allowance: 1000, spend_ceiling: false },
    },
  ],
};

export interface AccountDirectory {
  get(clientId: string): Account | undefined;
  list(): readonly Account[];
  /** Where the accounts came from, for the start-up line. */
  source: string;
}

export function loadAccounts(options: { accounts?: AccountsFile; accountsFile?: string }): AccountDirectory {
  let raw: unknown = options.accounts;
  let source = "options";
  if (raw === undefined && options.accountsFile) {
    source = options.accountsFile;
    raw = JSON.parse(readFileSync(options.accountsFile, "utf8"));
  } else if (raw === undefined) {
    source = "built-in demo account";
    raw = DEMO_ACCOUNTS;
  }
  const parsed = v.safeParse(AccountsFileSchema, raw);
  if (!parsed.success) throw new Error(`Accounts (${source}) are malformed: ${v.summarize(parsed.issues)}`);
  const byId = new Map(parsed.output.clients.map((client) => [client.client_id, client]));
  if (byId.size !== parsed.output.clients.length) throw new Error(`Accounts (${source}) repeat a client_id.`);
  return { get: (clientId) => byId.get(clientId), list: () => [...byId.values()], source };
}
