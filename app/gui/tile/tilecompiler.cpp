#include "tilecompiler.h"

#include <QMetaObject>

#include <algorithm>

TileCompiler::TileCompiler(QObject *parent) : QObject(parent)
{
    // NVRTC is CPU-heavy: leave a core for the GUI on small machines.
    m_pool.setMaxThreadCount(std::max(1, QThread::idealThreadCount() / 2));
}

TileCompiler::~TileCompiler()
{
    m_pool.clear();
    m_pool.waitForDone(); // no task may outlive `this`: they post their result to it
}

void TileCompiler::request(const kernels::gemm::CompileJob &job, bool urgent)
{
    if (!job.ok || m_done.contains(job.key) || m_pending.contains(job.key))
        return;
    m_pending.insert(job.key);
    m_pool.start(
        [this, job] {
            kernels::Compiler compiler;
            const kernels::gemm::TileCompile r = kernels::gemm::runCompileJob(job, compiler);
            QMetaObject::invokeMethod(this, [this, key = job.key, r] { deliver(key, r); }, Qt::QueuedConnection);
        },
        urgent ? 1 : 0);
}

const kernels::gemm::TileCompile *TileCompiler::result(const QString &key) const
{
    const auto it = m_done.constFind(key);
    return it == m_done.constEnd() ? nullptr : &it.value();
}

void TileCompiler::deliver(const QString &key, const kernels::gemm::TileCompile &result)
{
    m_pending.remove(key);
    m_done.insert(key, result);
    emit compiled(key);
}
