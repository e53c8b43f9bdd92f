// The server's API (docs/api.md): `POST /api/<command>` with a JSON body.

export async function api(command, body, signal) {
  const response = await fetch("/api/" + command, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  const doc = await response.json().catch(() => ({ error: "error: the server's answer is not JSON, " + command }));
  if (!response.ok) throw new Error(doc.error || "error: HTTP " + response.status);
  return doc;
}
