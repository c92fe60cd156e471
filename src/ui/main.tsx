import { render } from "preact";

function App() {
  return <main>Assetport</main>;
}

const root = document.getElementById("app");
if (root) render(<App />, root);
