// Settings: which of the organisation's servers to use (only when the build names more than one) and
// the access token it expects, and the defaults every insert uses. Stored by the plugin (clientStorage);
// the token sits in a password field, never shown in clear.

import { useState } from "preact/hooks";
import type { AppState } from "../app-state";
import { BAKED_ACCESS_TOKEN } from "../config";
import { px, SelectField } from "../controls";
import { BackIcon } from "../icons";
import { ICON_SIZES, normaliseHex, RASTER_SIZES } from "./settings-store";

/** How a designer knows a server: its host name, the build's default marked as such. */
function serverLabel(origin: string, index: number): string {
  const { host } = new URL(origin);
  return index === 0 ? `${host} (default)` : host;
}

export function SettingsView({ app }: { app: AppState }) {
  const store = app.settings;
  const s = store.settings.value;
  // What the connection form says under its fields: help, or "Saved."
  const [note, setNote] = useState("");
  const custom = !(ICON_SIZES as readonly number[]).includes(s.iconSize);
  const hex = s.iconColor ?? "#000000";
  const [defaultServer] = store.proxyUrls;

  // Figma's iframe is sandboxed, and a sandbox without allow-forms never submits a form (not even a
  // submit event fires), so Save and Enter in a field save directly instead of relying on submission.
  function saveConnection(formElement: HTMLFormElement) {
    const form = new FormData(formElement);
    void store.update({ accessToken: String(form.get("accessToken") ?? "").trim() });
    setNote("Saved.");
  }

  return (
    <section class="settings" aria-labelledby="settings-title">
      <header class="detail__header">
        <button
          type="button"
          class="icon-button"
          aria-label="Back to search"
          onClick={() => {
            app.view.value = "search";
          }}
        >
          <BackIcon />
        </button>
        <h2 id="settings-title" class="detail__title">
          Settings
        </h2>
      </header>

      <form
        class="settings__group"
        onSubmit={(e) => {
          e.preventDefault();
          saveConnection(e.currentTarget);
        }}
        onKeyDown={(e) => {
          if (e.key !== "Enter" || !(e.target instanceof HTMLInputElement)) return;
          e.preventDefault();
          saveConnection(e.currentTarget);
        }}
      >
        {/* Only the servers this build may reach (Figma blocks the rest), so there is nothing to type;
            with one server there is nothing to choose either. */}
        {store.proxyUrls.length > 1 ? (
          <SelectField
            label="Server"
            name="server"
            value={store.proxyUrl.value}
            options={store.proxyUrls.map((origin, i) => [origin, serverLabel(origin, i)] as const)}
            // The default is stored as "" so that a build with another default is followed.
            onChange={(origin) => void store.update({ proxyUrl: origin === defaultServer ? "" : origin })}
          />
        ) : null}
        <label class="field">
          <span class="field__label">Access token</span>
          <input
            class="input"
            name="accessToken"
            type="password"
            autoComplete="off"
            value={s.accessToken}
            placeholder={BAKED_ACCESS_TOKEN ? "Empty uses this build's local token" : ""}
          />
        </label>
        {store.stranded.value !== undefined && !note ? (
          <p class="muted" data-note="stranded-server">
            {`This plugin no longer reaches ${store.stranded.value}, so it uses ${store.proxyUrl.value}. ` +
              "The token saved for the old server is not sent to it: enter the one for this server."}
          </p>
        ) : null}
        <p class="muted" role="status">
          {note || "The access token your team was given for Assetport."}
        </p>
        <button
          type="button"
          class="button"
          onClick={(e) => {
            if (e.currentTarget.form) saveConnection(e.currentTarget.form);
          }}
        >
          Save
        </button>
      </form>

      <fieldset class="settings__group filter">
        <legend class="filter__label">Icons</legend>
        <div class="filters__row">
          <SelectField
            label="Size"
            name="iconSize"
            value={custom ? "custom" : String(s.iconSize)}
            options={[...px(ICON_SIZES), ["custom", "Custom"]]}
            onChange={(v) => void store.update({ iconSize: v === "custom" ? 64 : Number(v) })}
          />
          {custom ? (
            <label class="field">
              <span class="field__label">Custom size (px)</span>
              <input
                class="input"
                name="customSize"
                type="number"
                min={1}
                max={4096}
                value={s.iconSize}
                onChange={(e) => {
                  const n = Math.round(Number(e.currentTarget.value));
                  if (n >= 1 && n <= 4096) void store.update({ iconSize: n });
                }}
              />
            </label>
          ) : null}
        </div>
        <label class="check">
          <input
            type="radio"
            name="colorMode"
            checked={s.iconColor === null}
            onChange={() => void store.update({ iconColor: null })}
          />
          The icon's own colours
        </label>
        <label class="check">
          <input
            type="radio"
            name="colorMode"
            checked={s.iconColor !== null}
            onChange={() => void store.update({ iconColor: hex })}
          />
          This colour
          <input
            class="input input--hex"
            name="iconColor"
            aria-label="Icon colour as hex"
            value={hex}
            onChange={(e) => {
              const value = normaliseHex(e.currentTarget.value);
              if (value) void store.update({ iconColor: value });
            }}
          />
        </label>
        <label class="check">
          <input
            type="checkbox"
            name="keepReplacedColor"
            checked={s.keepReplacedColor}
            onChange={(e) => void store.update({ keepReplacedColor: e.currentTarget.checked })}
          />
          When replacing, keep the replaced layer's colour
        </label>
        <label class="check">
          <input
            type="checkbox"
            name="insertAsComponent"
            checked={s.insertAsComponent}
            onChange={(e) => void store.update({ insertAsComponent: e.currentTarget.checked })}
          />
          Insert icons as components
        </label>
      </fieldset>

      <div class="filters__row">
        <SelectField
          label="Image size"
          name="rasterSize"
          value={String(s.rasterSize)}
          options={px(RASTER_SIZES)}
          onChange={(v) => void store.update({ rasterSize: Number(v) })}
        />
        <SelectField
          label="Lottie goes in as"
          name="lottieAs"
          value={s.lottieAs}
          options={[
            ["gif", "Animated GIF"],
            ["first-frame", "First frame"],
          ]}
          onChange={(v) => void store.update({ lottieAs: v as "gif" | "first-frame" })}
        />
      </div>
      {store.saveError.value ? (
        <p class="field__error" role="alert">
          Settings could not be saved: {store.saveError.value.message}
        </p>
      ) : null}
    </section>
  );
}
