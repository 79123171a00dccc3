import { NotFoundCard } from "@/components/ui/not-found-card";

export default function NotFound() {
  return <NotFoundCard title="Nothing at this address" message="This app has no screen at this address. Check the link, or start from the chat." />;
}
