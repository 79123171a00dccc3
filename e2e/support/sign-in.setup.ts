import { test as setup } from "@playwright/test";
import { DEMO_OWNER_STATE, signIn } from "@/e2e/support/fixtures";

setup("sign in as the demo owner", async ({ page }) => {
  await signIn(page);
  await page.context().storageState({ path: DEMO_OWNER_STATE });
});
