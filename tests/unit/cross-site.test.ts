import { describe, expect, it } from "vitest";
import { crossSiteRefusal } from "@/lib/http/origin";

const request = (method: string, headers: Record<string, string>) => new Request("http://localhost:3000/api/threads", { method, headers });

describe("the cross-site check", () => {
  it("refuses a write whose Origin is another site, a look-alike host, opaque, or missing", () => {
    for (const origin of ["http://evil.example", "http://localhost:3000.evil.example", "http://localhost:4000", "null", "not a url"]) {
      expect(crossSiteRefusal(request("POST", { host: "localhost:3000", origin }))?.code, origin).toBe("forbidden:origin");
    }
    expect(crossSiteRefusal(request("DELETE", { host: "localhost:3000" }))?.code).toBe("forbidden:origin");
  });

  it("lets the app's own pages write, behind a proxy too, and lets anyone read", () => {
    expect(crossSiteRefusal(request("PATCH", { host: "localhost:3000", origin: "http://localhost:3000" }))).toBeNull();
    expect(crossSiteRefusal(request("POST", { host: "10.0.0.5:3000", "x-forwarded-host": "app.example.com", origin: "https://app.example.com" }))).toBeNull();
    expect(crossSiteRefusal(request("GET", { host: "localhost:3000", origin: "http://evil.example" }))).toBeNull();
  });
});
