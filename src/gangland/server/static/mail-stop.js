// The page of a turn mail's stop link (/mail/stop#TOKEN): it posts the token (which never left the browser
// in the address: it is in the fragment) and says whether the mails stopped.
import { api, serverPath } from "./common.js";

const status = document.getElementById("stop-status");
const token = decodeURIComponent(location.hash.replace(/^#/, ""));
history.replaceState(null, "", location.pathname);  // the token leaves the address bar and the history

async function stop() {
  if (!token) {
    status.textContent = "This link holds no stop token: it was cut off. Use the whole link from the mail, or turn the mails off on the table's page.";
    return;
  }
  try {
    const answer = await api("/api/mail/stop", { method: "POST", body: { token } });
    status.textContent = "Done: no more turn mails for this seat. You can ask for them again on the table's page.";
    const link = document.getElementById("stop-table");
    link.href = serverPath(`/t/${encodeURIComponent(answer.table_id)}`);
    link.classList.remove("hidden");
  } catch (err) {
    status.textContent = err.message;
  }
}

stop();
