import { NotFoundCard } from "@/components/ui/not-found-card";

/** A customer on a support address no business has: nothing of the owner's app is offered. */
export default function SupportNotFound() {
  return (
    <main>
      <NotFoundCard title="No such support chat" message="No business has a support chat at this address. Check the link the business gave you." back={null} />
    </main>
  );
}
