import { OwnerShell } from "@/components/shell/owner-shell";
import { NotFoundCard } from "@/components/ui/not-found-card";
import { requestScope } from "@/lib/workspaces/current";

/** An address with no screen: inside the app's shell for a signed-in owner; on its own for anyone else (a customer's mistyped support address). */
export default async function NotFound() {
  const card = <NotFoundCard title="Nothing at this address" message="This app has no screen at this address. Check the link, or start from the chat." />;
  const owner = await requestScope().then(
    () => true,
    () => false,
  );
  return owner ? <OwnerShell>{card}</OwnerShell> : <main>{card}</main>;
}
