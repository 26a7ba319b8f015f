# Offline replay of Recovery::whole_quotes on an eval_bfcl log: a Python copy of the rule in
# agents-core/src/grounding/whole_quotes.rs, applied to every executed call of every run. Prints
# each value it would change and writes the log with them changed, for score.py to rescore.
#
# Usage: python3 evals/bfcl/replay_whole_quotes.py <BFCL home> <log.jsonl> <changed.jsonl>
import json,re,sys,glob
home=sys.argv[1]; src=sys.argv[2]; dst=sys.argv[3]
funcs={}; qs={}
for f in glob.glob(home+'/data/*.json'):
    for l in open(f):
        r=json.loads(l)
        qs[r['id']]='\n'.join(m['content'] for turn in r['question'] for m in turn if m.get('role')=='user')
        funcs[r['id']]={fn['name']:fn for fn in r['function']}
def quoted_ranges(t,maxc=400):
    out=[];i=0;n=len(t)
    while i<n:
        q=t[i]
        if q in '\'"`‘“' and (i==0 or not t[i-1].isalnum()):
            close={'‘':'’','“':'”'}.get(q,q)
            j=next((j for j in range(i+1,n) if t[j]==close and not (j+1<n and t[j+1].isalnum())),None)
            if j is not None and j>i+1 and j-i-1<=maxc:
                out.append((i+1,j)); i=j+1; continue
        i+=1
    return out
def has_token(hay,needle):
    for m in re.finditer(re.escape(needle),hay):
        a,b=m.start(),m.end()
        if (a==0 or not hay[a-1].isalnum()) and (b==len(hay) or not hay[b].isalnum()): return True
    return False
changed=0
with open(dst,'w') as out:
    for l in open(src):
        r=json.loads(l); told=qs.get(r['id'],'')
        rs=quoted_ranges(told); quotes=[told[a:b].strip() for a,b in rs]
        outside=told
        for a,b in reversed(rs): outside=outside[:max(a-1,0)]+' '+outside[b+1:]
        outside=outside.lower()
        for c in r.get('calls') or []:
            fn=funcs.get(r['id'],{}).get(c['name']) or funcs.get(r['id'],{}).get(c['name'].replace('_','.'))
            if not fn or not quotes: continue
            props=fn['parameters'].get('properties',{})
            args=c['arguments']
            for k in list(args):
                p=props.get(k,{}); v=args[k]
                if p.get('type')!='string' or any(x in p for x in ('enum','const','format','pattern')) or not isinstance(v,str): continue
                if 'yyyy-mm-dd' in p.get('description','').lower(): continue
                bare=lambda x: re.sub(r'^\W+|\W+$','',x.lower()); piece=bare(v)
                if sum(ch.isalnum() for ch in piece)<2 or has_token(outside,piece): continue
                hold=[q for q in quotes if piece in q.lower() and bare(q)!=piece]
                if len(hold)!=1: continue
                q=hold[0]
                if any(o!=k and isinstance(w,str) and bare(w)==bare(q) for o,w in args.items()): continue
                print(r['id'],r['mode'],k,repr(v),'->',repr(q)[:70]); args[k]=q; changed+=1
        out.write(json.dumps(r)+'\n')
print('changed',changed,file=sys.stderr)
