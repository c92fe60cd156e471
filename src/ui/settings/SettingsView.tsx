// Settings, in two parts. What a designer may change: how images and animations go in, and whether
// a replaced icon keeps the replaced layer's colour (icon size, colour and stroke are on the main
// screen). Then the connection, for whoever sets Assetport up for the team: which server (only when
// the build offers more than one) and the access token, kept in a password field, never shown. The
// connection is folded away while it works (a token is there and the server is one this build
// reaches), and open when it needs attention or Settings was opened to fix it.
import "./settings.css";
import { useEffect, useState } from "preact/hooks";
import { BAKED_ACCESS_TOKEN } from "../config";
import { Button } from "../controls";
import { BackIcon } from "../icons";
import { OptionList, Segmented, Switch } from "./Choices";
import { RASTER_SIZES, type SettingsStore } from "./settings-store";

/** How a designer knows a server: its host name, the build's default marked as such. */
function serverLabel(origin: string, index: number): string {
  const { host } = new URL(origin);
  return index === 0 ? `${host} (default)` : host;
}

export function SettingsView({
  settings: store,
  onBack,
  onFileAssets,
}: {
  settings: SettingsStore;
  onBack: () => void;
  /** Opens "Assets in this file": the way in where the search bar has no room for its button. */
  onFileAssets?: () => void;
}) {
  const s = store.settings.value;
  // What the connection section says under its fields: help, or "Saved."
  const [note, setNote] = useState("");
  const [defaultServer] = store.proxyUrls;
  const needsAttention = store.stranded.value !== undefined || store.accessToken.value === "";
  const [connectionOpen, setConnectionOpen] = useState(() => needsAttention || store.connectionWanted.peek());
  // The request to show the connection is for this opening of Settings only.
  useEffect(() => {
    store.connectionWanted.value = false;
  }, [store]);
  const serverHost = new URL(store.proxyUrl.value).host;

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
        <button type="button" class="icon-button" aria-label="Back to search" onClick={onBack}>
          <BackIcon />
        </button>
        <h2 id="settings-title" class="detail__title">
          Settings
        </h2>
      </header>

      <section class="settings-section" aria-labelledby="placing-title">
        <h3 id="placing-title" class="settings-section__title">
          Placing assets
        </h3>
        <Segmented
          label="Default size for 3D, AI images and animations"
          name="rasterSize"
          value={String(s.rasterSize)}
          options={RASTER_SIZES.map((size) => [String(size), `${size} px`] as const)}
          onChange={(v) => void store.update({ rasterSize: Number(v) })}
        />
        {/* Labels short enough to sit whole in a 280 px window; what 2x is for is the hint under them. */}
        <Segmented
          label="3D and AI images are drawn at"
          name="rasterDensity"
          value={String(s.rasterDensity)}
          options={[
            ["1", "1x"],
            ["2", "2x"],
          ]}
          hint="2x stays sharp on Retina and other high-density screens."
          onChange={(v) => void store.update({ rasterDensity: v === "2" ? 2 : 1 })}
        />
        <Segmented
          label="Animations go in as"
          name="lottieAs"
          value={s.lottieAs}
          options={[
            ["gif", "Moving image"],
            ["first-frame", "Still image"],
          ]}
          onChange={(v) => void store.update({ lottieAs: v === "first-frame" ? "first-frame" : "gif" })}
        />
        <Switch
          label="A replaced icon keeps the colour of the layer it replaces"
          name="keepReplacedColor"
          checked={s.keepReplacedColor}
          onChange={(on) => void store.update({ keepReplacedColor: on })}
        />
      </section>

      {onFileAssets ? (
        <section class="settings-section" aria-labelledby="file-title">
          <h3 id="file-title" class="settings-section__title">
            This file
          </h3>
          <p class="settings-section__help">
            Every asset placed here, with its licence and the credits to copy.
          </p>
          <Button variant="secondary" onClick={onFileAssets}>
            Assets in this file
          </Button>
        </section>
      ) : null}

      <form
        class="settings-section"
        aria-labelledby="connection-title"
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
        <h3 id="connection-title" class="settings-section__title">
          <button
            type="button"
            class="settings-disclosure"
            aria-expanded={connectionOpen}
            aria-controls="connection-fields"
            onClick={() => setConnectionOpen(!connectionOpen)}
          >
            <span class="settings-disclosure__chevron" aria-hidden="true">
              <BackIcon />
            </span>
            Connection
          </button>
        </h3>
        {/* Folded, the section is its title alone: where assets come from is read with the fields. */}
        <div id="connection-fields" class="settings-connection" hidden={!connectionOpen}>
          <p class="settings-section__help" data-note="server">
            {`For whoever sets up Assetport for your team. Assets come from ${serverHost}; the access token lets this plugin in.`}
          </p>
          {/* Only the servers this build may reach (Figma blocks the rest), so there is nothing to type;
            with one server there is nothing to choose either. */}
          {store.proxyUrls.length > 1 ? (
            <OptionList
              label="Server"
              name="server"
              value={store.proxyUrl.value}
              options={store.proxyUrls.map((origin, i) => [origin, serverLabel(origin, i)] as const)}
              // The default is stored as "" so that a build with another default is followed.
              onChange={(origin) => void store.update({ proxyUrl: origin === defaultServer ? "" : origin })}
            />
          ) : null}
          <label class="settings-field">
            <span class="choice__label">Access token</span>
            <input
              class="settings-field__input"
              name="accessToken"
              type="password"
              autoComplete="off"
              value={s.accessToken}
              placeholder={
                BAKED_ACCESS_TOKEN ? "Empty uses the token this plugin came with" : "Paste the token here"
              }
            />
          </label>
          {store.stranded.value !== undefined && !note ? (
            <p class="settings-section__help" data-note="stranded-server">
              {`Assetport now connects to ${store.proxyUrl.value} instead of ${store.stranded.value}. ` +
                "Enter the access token for this server."}
            </p>
          ) : null}
          <p class="settings-section__help" role="status">
            {note || "The access token your team was given for Assetport."}
          </p>
          <button
            type="button"
            class="button settings-save"
            onClick={(e) => {
              if (e.currentTarget.form) saveConnection(e.currentTarget.form);
            }}
          >
            Save connection
          </button>
        </div>
      </form>
      {store.saveError.value ? (
        <p class="field__error" role="alert">
          Settings could not be saved: {store.saveError.value.message}
        </p>
      ) : null}
    </section>
  );
}
