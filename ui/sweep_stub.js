export default function (component) {
  let stop = null;
  const go = () => { const lib = window.__kernelscopeSweepLib; if (lib) stop = lib(component); return !!lib; };
  if (go()) return stop;
  const t0 = Date.now();
  let asked = false;
  const timer = setInterval(() => {
    if (go()) clearInterval(timer);
    else if (!asked && Date.now() - t0 > 1500 && component.data) {
      asked = true;
      component.setTriggerValue("value", { slider: component.data.slider, lib: true });
    }
  }, 25);
  return () => { clearInterval(timer); if (stop) stop(); };
}
