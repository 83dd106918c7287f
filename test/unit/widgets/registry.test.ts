import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { widgetRegistry } from '../../../widgets/startup/registry';

const widgetsDir = fileURLToPath(new URL('../../../widgets/', import.meta.url));

describe('widget registry', () => {
  const names = Object.keys(widgetRegistry);

  it('lists the unread-messages badge', () => {
    expect(names).to.include('unread-badge');
  });

  it('names each widget after its folder, which holds a mount module', () => {
    for (const name of names) {
      expect(name, name).to.match(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      const mountFile = ['mount.ts', 'mount.tsx'].map((file) => `${widgetsDir}${name}/${file}`).find(existsSync);
      expect(mountFile, `widgets/${name}/mount.ts`).to.be.a('string');
    }
  });

  it('loads, for each name, a module with a default component or a mount function', async () => {
    for (const name of names) {
      const widget = await widgetRegistry[name]();
      const mountsItself = typeof widget.mount === 'function';
      const isComponent = typeof widget.default === 'function';
      expect(mountsItself || isComponent, name).to.equal(true);
      if (widget.parseProps) expect(widget.parseProps, name).to.be.a('function');
    }
  });
});
