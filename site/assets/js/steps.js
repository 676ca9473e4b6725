// The steps of an example page: each step is a <details> section (collapsed but the start), with previous/next
// links into the neighbouring step. All of that works without JavaScript (a browser opens the section a link leads
// into). This only makes it tidier:
//  * a step link closes the step being left, so one step at a time is open (a stepper on a phone);
//  * whatever the address's #anchor points into (a step link, the table of contents, a shared URL) is opened;
//  * one button opens or closes every step (for reading the whole replay, or printing it).

function sectionOf(id) {
  const target = id && document.getElementById(id);
  return target ? target.closest("details.tl-step") : null;
}

function reveal() {
  const id = decodeURIComponent(location.hash.slice(1));
  const step = sectionOf(id);
  if (step && !step.open) {
    step.open = true;
    document.getElementById(id).scrollIntoView();
  }
}

function setup(steps) {
  // `steps` is the (empty) bar before the first step, holding the button's words; the steps follow it
  if (steps.dataset.tlSteps) return;
  steps.dataset.tlSteps = "1";
  const sections = Array.from(document.querySelectorAll("details.tl-step"));
  const toggle = document.createElement("button");
  toggle.type = "button";
  toggle.className = "md-button tl-steps-toggle";
  const label = () => {
    const all = sections.every((s) => s.open);
    toggle.textContent = all ? steps.dataset.hideAll : steps.dataset.showAll;
    toggle.setAttribute("aria-expanded", String(all));
  };
  toggle.addEventListener("click", () => {
    const open = !sections.every((s) => s.open);
    sections.forEach((s) => { s.open = open; });
    label();
  });
  sections.forEach((s) => s.addEventListener("toggle", label));
  label();
  steps.append(toggle);
  document.addEventListener("click", (event) => {
    const link = event.target.closest(".tl-step-nav a[href^='#']");
    if (!link) return;
    const from = link.closest("details.tl-step");
    const to = sectionOf(decodeURIComponent(link.hash.slice(1)));
    if (to) to.open = true;
    if (from && to && from !== to) from.open = false;
  });
}

function init() {
  document.querySelectorAll(".tl-steps").forEach(setup);
  reveal();
}

window.addEventListener("hashchange", reveal);
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
else init();
