// Settings: where the proxy is and the token it expects, and the defaults every insert uses.
// Stored by the plugin (clientStorage); the token field never shows the stored token in clear.

import { useState } from "preact/hooks";
import type { AppState } from "../app-state";
import { BAKED_PROXY_URL } from "../config";
import { px, SelectField } from "../controls";
import { BackIcon } from "../icons";
import { ICON_SIZES, normaliseHex, normaliseProxyUrl, RASTER_SIZES } from "./settings-store";

export function SettingsView({ app }: { app: AppState }) {
  const store = app.settings;
  const s = store.settings.value;
  const [proxy, setProxy] = useState(s.proxyUrl);
  const [token, setToken] = useState(s.accessToken);
  const [proxyError, setProxyError] = useState("");
  const [hex, setHex] = useState(s.iconColor ?? "#000000");
  const [saved, setSaved] = useState(false);
  const custom = !(ICON_SIZES as readonly number[]).includes(s.iconSize);

  function saveConnection(e: Event) {
    e.preventDefault();
    const url = proxy.trim() === "" ? "" : normaliseProxyUrl(proxy);
    if (url === undefined) {
      setProxyError("Enter an address like http://localhost:8787.");
      return;
    }
    setProxyError("");
    setProxy(url);
    void store.update({ proxyUrl: url, accessToken: token.trim() }).then(() => setSaved(true));
  }

  return (
    <section class="settings" aria-labelledby="settings-title">
      <header class="detail__header">
        <button
          type="button"
          class="icon-button"
          aria-label="Back to search"
          onClick={() => (app.view.value = "search")}
        >
          <BackIcon />
        </button>
        <h2 id="settings-title" class="detail__title">
          Settings
        </h2>
      </header>

      <form class="settings__group" onSubmit={saveConnection}>
        <h3 class="filter__label">Proxy</h3>
        <label class="field">
          <span class="field__label">Proxy URL</span>
          <input
            class="input"
            name="proxyUrl"
            type="url"
            value={proxy}
            placeholder={BAKED_PROXY_URL}
            aria-invalid={proxyError ? true : undefined}
            aria-describedby="proxy-help"
            onInput={(e) => {
              setProxy(e.currentTarget.value);
              setSaved(false);
            }}
          />
        </label>
        <p id="proxy-help" class={proxyError ? "field__error" : "muted"}>
          {proxyError || `Empty uses ${BAKED_PROXY_URL}. Run the proxy on this machine with \`npm start\`.`}
        </p>
        <label class="field">
          <span class="field__label">Access token</span>
          <input
            class="input"
            name="accessToken"
            type="password"
            autoComplete="off"
            value={token}
            onInput={(e) => {
              setToken(e.currentTarget.value);
              setSaved(false);
            }}
          />
        </label>
        <p class="muted">
          The token the proxy was started with. It stays in Figma's storage for this plugin.
        </p>
        <div class="detail__actions">
          <button type="submit" class="button">
            Save
          </button>
          <span role="status" class="muted">
            {saved ? "Saved." : ""}
          </span>
        </div>
      </form>

      <div class="settings__group">
        <h3 class="filter__label">Icons</h3>
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
        <fieldset class="filter">
          <legend class="field__label">Colour</legend>
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
              onChange={() => void store.update({ iconColor: normaliseHex(hex) ?? "#000000" })}
            />
            This colour
            <input
              class="input input--hex"
              name="iconColor"
              aria-label="Icon colour as hex"
              value={hex}
              onInput={(e) => setHex(e.currentTarget.value)}
              onChange={(e) => {
                const value = normaliseHex(e.currentTarget.value);
                if (value) {
                  setHex(value);
                  void store.update({ iconColor: value });
                }
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
        </fieldset>
      </div>

      <div class="settings__group">
        <h3 class="filter__label">Images and animations</h3>
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
      </div>
      {store.saveError.value ? (
        <p class="field__error" role="alert">
          Settings could not be saved: {store.saveError.value.message}
        </p>
      ) : null}
    </section>
  );
}
