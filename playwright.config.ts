import { defineConfig, devices } from "@playwright/test";
import { AGAINST_RUNNING_SERVER, DEMO_OWNER_STATE, E2E_BASE_URL } from "./e2e/support/fixtures";

// Browser tests run in the system's Chromium (Playwright cannot download its
// own here) against a production build serving a fresh embedded database,
// or, with E2E_BASE_URL, against a server that is already running.
const port = Number(process.env.E2E_PORT ?? 3100);
const distDir = process.env.E2E_DIST_DIR ?? ".next-e2e";
const dataDir = `.data/e2e-${port}`;
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    // Signs in once as the demo owner; every spec then starts from that session.
    { name: "sign-in", testMatch: /support\/sign-in\.setup\.ts$/, use: { ...devices["Desktop Chrome"], launchOptions: { executablePath: chromium, args: chromiumArgs } } },
    {
      name: "chromium",
      dependencies: ["sign-in"],
      use: {
        ...devices["Desktop Chrome"],
        storageState: DEMO_OWNER_STATE,
        launchOptions: { executablePath: chromium, args: chromiumArgs },
      },
    },
  ],
  webServer: AGAINST_RUNNING_SERVER ? undefined : {
    // The browser tests always run on the embedded database and the offline model.
    command: `rm -rf ${dataDir} ${dataDir}.lock && env -u DATABASE_URL -u OPENAI_API_KEY -u OPENAI_BASE_URL sh -c "npx next build && HOST=localhost PORT=${port} npm start"`,
    // The sign-in page answers once the demo workspace and its owner are seeded.
    url: `http://localhost:${port}/sign-in`,
    // A production build on two busy cores can take several minutes by itself.
    timeout: 900_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      PGLITE_DATA_DIR: dataDir,
      NEXT_DIST_DIR: distDir,
      OFFLINE_MODEL_DELAY_MS: "25",
      // No run has written a report here, as on a fresh install: the Evaluation page shows the shipped sample.
      EVAL_RESULTS_DIR: `${dataDir}-eval-results`,
    },
  },
});
