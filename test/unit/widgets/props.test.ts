import { expect } from 'chai';
import { parseWidgetProps } from '../../../widgets/startup/props';

describe('widget marker props', () => {
  it('reads the JSON object of data-props', () => {
    expect(parseWidgetProps('{"petNum":123,"name":"Rex <3"}')).to.deep.equal({ petNum: 123, name: 'Rex <3' });
  });

  it('treats a missing or blank attribute as no props', () => {
    expect(parseWidgetProps(undefined)).to.deep.equal({});
    expect(parseWidgetProps(null)).to.deep.equal({});
    expect(parseWidgetProps('  ')).to.deep.equal({});
  });

  it('refuses malformed JSON', () => {
    expect(() => parseWidgetProps('{"count":')).to.throw(SyntaxError);
  });

  it('refuses JSON that is not an object', () => {
    for (const text of ['[1,2]', '3', '"text"', 'null']) {
      expect(() => parseWidgetProps(text), text).to.throw(TypeError, 'Widget props must be a JSON object');
    }
  });
});
