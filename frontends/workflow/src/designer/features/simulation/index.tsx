/**
 * Token simulation (bpmn-js-token-simulation) as a teaching mode: a toolbar switch puts the canvas
 * into simulation (modeling is disabled meanwhile) and back.
 */
import { useEffect, useState } from 'react';
import { Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type Modeler from 'bpmn-js/lib/Modeler';
import tokenSimulation from 'bpmn-js-token-simulation/lib/modeler';
import 'bpmn-js-token-simulation/assets/css/bpmn-js-token-simulation.css';
import './simulation.css';
import { checks } from '../checks';
import { NS } from '../checks/api';
import type { DesignerFeature } from '../feature';
import { getLang } from '@loom/ui';
import { keepSimulationChinese } from './zh';

const TOGGLED = 'tokenSimulation.toggleMode';

interface Bus {
  on: (event: string, fn: (e: { active: boolean }) => void) => void;
  off: (event: string, fn: (e: { active: boolean }) => void) => void;
}

function SimulationSwitch({ modeler }: { modeler: Modeler }) {
  const { t } = useTranslation(NS);
  const [active, setActive] = useState(false);
  useEffect(() => {
    const bus = modeler.get<Bus>('eventBus');
    const toggled = (e: { active: boolean }) => setActive(e.active);
    bus.on(TOGGLED, toggled);
    // the simulation writes English into the canvas: in a zh-CN portal it reads Chinese
    const undo = getLang() === 'zh-CN' ? keepSimulationChinese(modeler.get<{ getContainer: () => Element }>('canvas').getContainer()) : null;
    return () => {
      bus.off(TOGGLED, toggled);
      undo?.();
    };
  }, [modeler]);
  return (
    <Tooltip title={active ? t('sim.on') : undefined}>
      <span data-simulation={active ? 'on' : 'off'}>
        <Switch
          checked={active}
          checkedChildren={t('sim.button')}
          unCheckedChildren={t('sim.button')}
          onChange={(on) => modeler.get<{ toggleMode: (on?: boolean) => void }>('toggleMode').toggleMode(on)}
          data-action="simulation-toggle"
        />
      </span>
    </Tooltip>
  );
}

export const simulation: DesignerFeature = {
  name: 'simulation',
  // for the shared text namespace only
  __depends__: [checks],
  modules: [tokenSimulation],
  toolbar: [{ key: 'simulation', render: (ctx) => <SimulationSwitch modeler={ctx.modeler} /> }],
};
