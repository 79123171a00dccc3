import { authResponse } from "@/lib/http/auth";

export const GET = authResponse;
export const POST = authResponse;
