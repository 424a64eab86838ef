#!/usr/bin/env python3
# Predicted (model::TileModel via rooflab-cli tile, real registers from the run) vs measured
# time for every tiled GEMM measurement at full size in a ladder results file; median/worst gap
# and Spearman rank correlation. Usage: tools/tile-gap.py (edit cli= for your build folder).
import json, subprocess, statistics
import sys
cli=sys.argv[1] if len(sys.argv)>1 else 'build/app/cli/rooflab-cli'
d=json.load(open('resources/samples/h200-gemm-ladder.json'))
rows=[]
for m in d['measurements']:
    p=m.get('params',{}); k=m['kernel']; r=m.get('resources',{})
    if k not in ('gemm.mma_multistage','gemm.reg2d','gemm.warptiled','gemm.wgmma_tma','gemm.vectorized','gemm.reg1d','gemm.smem_tiled'): continue
    if p.get('M',0) < 4096: continue
    bm=p.get('BM',p.get('TILE',32)); bn=p.get('BN',p.get('TILE',32)); bk=p.get('BK',p.get('TILE',32))
    args=[cli,'tile','--gpu','h200-sxm','--M',str(p['M']),'--N',str(p['N']),'--K',str(p['K']),'--dtype',m['dtype'],
          '--bm',str(bm),'--bn',str(bn),'--bk',str(bk),'--stages',str(p.get('STAGES',2 if k!='gemm.smem_tiled' else 1)),
          '--threads',str(r.get('threads',256)),'--group',str(p.get('GROUP',1)),'--regs',str(r.get('regs',64)),'--json']
    if r.get('smem'): 
        base = None
    out=subprocess.run(args,capture_output=True,text=True)
    try: j=json.loads(out.stdout)
    except Exception: print('ERR',k,p,out.stderr[:200]); continue
    pred=j.get('predicted_time_s'); meas=m['time_s']['median']
    if not pred: print('nopred',k,out.stderr[:200]); continue
    rows.append((k,json.dumps({a:b for a,b in p.items() if a not in 'MNK'}),pred,meas))
for r in rows: print('%-20s %-90s pred %.3g meas %.3g gap %+.0f%%'%(r[0],r[1][:90],r[2],r[3],100*(r[3]/r[2]-1)))
gaps=[r[3]/r[2]-1 for r in rows]
print('n',len(rows),'median gap %.0f%%'%(100*statistics.median(gaps)),'worst %.0f%%'%(100*max(gaps,key=abs)))
def rank(v):
    s=sorted(range(len(v)),key=lambda i:v[i]); rk=[0]*len(v)
    for i,x in enumerate(s): rk[x]=i
    return rk
for fam in ('gemm.mma_multistage','all'):
    sub=[r for r in rows if fam=='all' or r[0]==fam]
    if len(sub)<3: continue
    a=rank([r[2] for r in sub]); b=rank([r[3] for r in sub]); n=len(sub)
    rho=1-6*sum((x-y)**2 for x,y in zip(a,b))/(n*(n*n-1))
    print(fam,'n',n,'spearman %.2f'%rho)
