import { z } from "zod";
import { cleanText } from "@/lib/contracts/text";
import { RequestError } from "@/lib/errors";
import { editEpisodeLine } from "@/lib/episodes/store";
import { requestScope } from "@/lib/workspaces/current";
import { handle, parseJsonBody, routeId } from "@/lib/http/respond";

/** The buffer shows a line of at most BUFFER_LINE_CHARS; the owner's wording is held to the gist's own cap. */
const MAX_LINE_CHARS = 300;

const episodeEditSchema = z.object({ text: cleanText(MAX_LINE_CHARS).trim().min(1, "The line is empty.").nullable() }).strict();

export type EpisodeEdit = z.infer<typeof episodeEditSchema>;

/** PATCH /api/episodes/:id: the owner words an episode line himself, or (null) gives it back to the memory pass. */
export function episodeEditResponse(request: Request, rawEpisodeId: string): Promise<Response> {
  return handle(async () => {
    const episodeId = routeId(rawEpisodeId);
    const { text } = await parseJsonBody(request, episodeEditSchema);
    const { db, workspace } = await requestScope();
    const episode = await editEpisodeLine(db, workspace.id, episodeId, text);
    if (!episode) throw new RequestError("not_found:episode");
    return Response.json({ episode: { id: episode.id, gist: episode.gist, ownerGist: episode.ownerGist, ownerEditedAt: episode.ownerEditedAt } });
  });
}
