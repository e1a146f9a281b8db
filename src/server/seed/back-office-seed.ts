/**
 * Demo back-office data: every carrier gets an ended contract next to its current one (Old Road
 * Trucking, whose only contract ended, gets one that starts next month, so it stays out of the
 * allocation), and an equipment register matching the equipment ids the demo documentation uses.
 */
import type { Tx } from '../db/database';
import { vehicles } from '../db/schema/fleet';
import { contracts } from '../db/schema/parties';

interface SeedCarrier {
  id: number;
  mode: 'TRUCK' | 'RAILCAR';
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const daysFrom = (base: Date, days: number) => new Date(base.getTime() + days * 86_400_000);

export async function seedBackOffice(
  tx: Tx,
  c: { rapido: SeedCarrier; border: SeedCarrier; northern: SeedCarrier; oldRoad: SeedCarrier },
  now: Date,
): Promise<void> {
  await tx.insert(contracts).values([
    {
      carrierId: c.rapido.id,
      description: 'Truck freight Midwest–Monterrey 2025',
      price: '2300.00',
      from: isoDay(daysFrom(now, -565)),
      to: isoDay(daysFrom(now, -201)),
    },
    {
      carrierId: c.border.id,
      description: 'Border truck shuttle 2025',
      price: '1700.00',
      from: isoDay(daysFrom(now, -485)),
      to: isoDay(daysFrom(now, -121)),
    },
    {
      carrierId: c.northern.id,
      description: 'Gondola railcar service 2025',
      price: '4950.00',
      from: isoDay(daysFrom(now, -455)),
      to: isoDay(daysFrom(now, -91)),
    },
    {
      carrierId: c.oldRoad.id,
      description: 'Truck agreement renewal',
      price: '2200.00',
      from: isoDay(daysFrom(now, 30)),
      to: isoDay(daysFrom(now, 395)),
    },
  ]);
  const truck = (carrierId: number, n: number, plate: string, active = true) => ({
    carrierId,
    equipmentId: `TRK${48_100 + n}`,
    plate,
    description: 'Dump trailer 53 ft',
    capacityLbs: '80000.00',
    active,
  });
  const railcar = (n: number, active = true) => ({
    carrierId: c.northern.id,
    equipmentId: `GONX${310_200 + n}`,
    plate: null,
    description: 'Gondola railcar, 100 t',
    capacityLbs: '220000.00',
    active,
  });
  await tx
    .insert(vehicles)
    .values([
      ...[10, 11, 14, 16].map((n, i) => truck(c.rapido.id, n, `TX ${7_310 + i}-RF`)),
      truck(c.rapido.id, 1, 'TX 7001-RF', false),
      ...[12, 15].map((n, i) => truck(c.border.id, n, `NL ${4_420 + i}-BH`)),
      ...[13, 17, 18].map((n) => railcar(n)),
      railcar(2, false),
      truck(c.oldRoad.id, 90, 'IL 2290-OR'),
    ]);
}
